"""Scripts/bench as modules (standard library only).

    proc       processes: run, /usr/bin/time, ports, the machine, the commit, the release build
    datasets   the real extracts and the synthetic grid cities
    peers/     the real peers, each optional: osrm (always), valhalla (pyvalhalla in its own
               Python 3.12 venv, driven through valhalla_worker.py), nominatim (Scripts/nominatim-server)
    runners    what is measured per dataset (routeit-bench, one-shot processes, peers side by side)
    goals      evaluates the goals of Scripts/bench-goals.json against one run's results
    report     the console tables and the whole BENCHMARKS.md page
    cli        options and the order of a run
    go         the `go` section: runs Scripts/go-bench, renders its figures
    drives     a followed drive's events against make-drive's truth, and the sums (Scripts/go-bench's measures)
    test_bench goals and page on a made-up run: python3 -m unittest discover -s Scripts/benchlib -t Scripts
"""
