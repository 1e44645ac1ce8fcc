// The `routeit` shell: REPL, `.flow` runner and command-line tools.
print("routeit: not wired yet")
