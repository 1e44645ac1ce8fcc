"""The hostile campaign of issue #27 (Scripts/campaign) against the release binary: runs per fault
class and how many were answered cleanly (a line and an exit status, never a signal, a hang or a
lost write). Its exit status is 1 when any run failed, so the JSON is read whatever the status."""
import json
import os
import subprocess

from .proc import REPO, log

CAMPAIGN = os.path.join(REPO, "Scripts", "campaign")


def measure(bins, rounds):
    log("campaign: %d round(s) of hostile runs against the release routeit" % rounds)
    try:
        p = subprocess.run([CAMPAIGN, "--binary", os.path.join(bins, "routeit"), "--rounds", str(rounds), "--json"],
                           cwd=REPO, text=True, capture_output=True, timeout=3600)
        return json.loads(p.stdout)
    except (subprocess.TimeoutExpired, OSError, ValueError) as e:
        log("campaign: not measured — %s" % e)
        return {"error": str(e)}
