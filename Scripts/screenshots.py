#!/usr/bin/env python3
"""Regenerates the text screenshots in README.md (`make screenshots`).

Each screenshot is a ```text block that follows a marker line such as

    <!-- screenshot: --size 80x24 --keys 2,down,down -->

and holds exactly what `tabbar-demo --headless <those arguments>` prints.
A test (ReadmeScreenshotTests) fails when the two disagree.
"""
import re
import shlex
import subprocess
import sys

MARKER = re.compile(r"^<!-- screenshot: (.*) -->$")


def render(binary, arguments):
    out = subprocess.run(
        [binary, "--headless", *shlex.split(arguments)],
        check=True, capture_output=True, text=True, env={"TERM": "xterm-256color"})
    return out.stdout.rstrip("\n")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/tabbar-demo"
    lines = open("README.md", encoding="utf-8").read().split("\n")
    result, i, count = [], 0, 0
    while i < len(lines):
        line = lines[i]
        result.append(line)
        match = MARKER.match(line)
        if match and i + 1 < len(lines) and lines[i + 1] == "```text":
            end = lines.index("```", i + 2)
            result += ["```text", *render(binary, match.group(1)).split("\n"), "```"]
            i = end + 1
            count += 1
            continue
        i += 1
    open("README.md", "w", encoding="utf-8").write("\n".join(result))
    print(f"README.md: {count} screenshots regenerated")


main()
