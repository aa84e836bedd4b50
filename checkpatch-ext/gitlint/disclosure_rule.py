# SPDX-License-Identifier: GPL-2.0
"""gitlint user rule: the disclosure checker on the commit message.

Runs checkpatch-ext/disclosure.pl --json on the message gitlint checks
(comments stripped) and turns each report into a gitlint violation with
the same line number, "LEVEL:TYPE: message".  Use it with

    gitlint --extra-path /path/to/checkpatch-ext/gitlint

or `extra-path = /path/to/checkpatch-ext/gitlint` in [general] of
.gitlint.  Options ([UC-DISCLOSURE] section, or -c UC-DISCLOSURE.policy=qemu):
policy (a disclosure.pl policy name or file; default: disclosure.pl's,
.disclosure.conf included), strict (show CHECKs too) and no-signoff
(do not ask for a human Signed-off-by).  $DISCLOSURE_PL names another
disclosure.pl.  Like the commit-msg hook, it sees the message only: an
agent as the commit's author is checked by disclosure.pl -g.
"""
import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DISCLOSURE_PL = os.environ.get("DISCLOSURE_PL") or os.path.join(HERE, "..", "disclosure.pl")


def violations_from_json(text):
    """disclosure.pl --json output -> [(line or None, "LEVEL:TYPE: message")].

    A report without a line (a missing human sign-off) has line None:
    gitlint shows it for the whole message."""
    out = []
    for raw in text.splitlines():
        raw = raw.strip()
        if not raw:
            continue
        r = json.loads(raw)
        line = r.get("line")
        out.append((int(line) if line is not None else None,
                    "%s:%s: %s" % (r.get("level", "WARNING"), r.get("type", "DISCLOSURE"), r.get("message", ""))))
    return out


def run_disclosure(message, policy="", strict=False, signoff=True):
    """The reports of disclosure.pl on a commit message, as violations_from_json gives them."""
    with tempfile.NamedTemporaryFile("w", suffix=".msg", delete=False, encoding="utf-8") as f:
        f.write(message)
        path = f.name
    try:
        cmd = ["perl", DISCLOSURE_PL, "--json"]
        if policy:
            cmd.append("--policy=" + policy)
        if strict:
            cmd.append("--strict")
        if not signoff:
            cmd.append("--no-signoff")
        p = subprocess.run(cmd + [path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if p.returncode not in (0, 1):
        return [(None, "ERROR:DISCLOSURE_CHECKER: %s failed (exit %d): %s"
                 % (DISCLOSURE_PL, p.returncode, p.stderr.strip()))]
    return violations_from_json(p.stdout)


try:
    from gitlint.rules import CommitRule, RuleViolation
    from gitlint.options import BoolOption, StrOption
except ImportError:  # translation only (tests without gitlint)
    CommitRule = None

if CommitRule is not None:
    class DisclosureRule(CommitRule):
        """How the commit message discloses AI agents and tools (disclosure.pl)."""
        name = "disclosure"
        id = "UC-DISCLOSURE"
        options_spec = [
            StrOption("policy", "", "disclosure.pl policy (name or file)"),
            BoolOption("strict", False, "show CHECKs too"),
            BoolOption("no-signoff", False, "do not ask for a human Signed-off-by"),
        ]

        def validate(self, commit):
            text = commit.message.full
            if not text.endswith("\n"):
                text += "\n"
            reports = run_disclosure(text, self.options["policy"].value,
                                     self.options["strict"].value,
                                     not self.options["no-signoff"].value)
            lines = text.split("\n")
            return [RuleViolation(self.id, msg,
                                  lines[n - 1] if n is not None and 0 < n <= len(lines) else None, n)
                    for n, msg in reports]
