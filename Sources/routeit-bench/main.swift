// Benchmark driver used by Scripts/bench: times the embedded engine in process.
print("routeit-bench: not implemented yet")
