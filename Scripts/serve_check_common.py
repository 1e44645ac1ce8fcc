"""What the `routeit serve` client checks share: one line per check, the server started on a free
port and stopped with SIGTERM (its exit status is a check too), and the summary with the exit code."""
import contextlib
import re
import subprocess
import sys

failures = []


def check(name, ok, detail=""):
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok else ": " + detail))
    if not ok:
        failures.append(name)


@contextlib.contextmanager
def served(routeit, map_path):
    """`routeit serve` on MAP; yields its port. SIGTERM must drain it and exit 0."""
    server = subprocess.Popen([routeit, "serve", "--map", map_path, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        yield int(re.search(r"127\.0\.0\.1:(\d+)", server.stdout.readline()).group(1))
    finally:
        server.terminate()
        status = server.wait(timeout=30)
        check("routeit serve exits 0 on SIGTERM", status == 0, "status %s" % status)


def finish():
    print("%d failed" % len(failures) if failures else "all agree")
    sys.exit(1 if failures else 0)
