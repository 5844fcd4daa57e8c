#!/usr/bin/env python3
"""Writes the content file of the scale benchmark (issue 25): the demo's
built-in content with News made of 100,000 rows that all open one shared
story, and a book of 3,000 paragraphs of 100 words first on Reading. About
6.7 MB. Seeded: the same file on every run and every machine.

  python3 Benchmarks/scale_content.py OUT.json [--rows 100000] [--paragraphs 3000]
"""

import argparse
import json
import os
import random

DEMO_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources",
                         "tabbar-demo", "Resources", "demo.json")
SEED = 25
WORDS = ("harbour rain market council galaxy museum fuel solar bridge chess flight "
         "harvest library heatwave battery cinema marathon frog swimmer robot river "
         "garden station tower forest island winter summer letter engine kitchen "
         "lantern meadow orchard valley canyon desert glacier castle village city "
         "north south east west bright quiet early late golden silver small great").split()
BOOK_TITLE = "The Very Long Book"
# One page id for every row: short, as it is repeated 100,000 times.
STORY = "s"


def content(rows, paragraphs):
    rng = random.Random(SEED)
    with open(DEMO_JSON) as f:
        data = json.load(f)
    pages = data["pages"]
    pages[STORY] = {
        "title": "One story for every row", "byline": "By the benchmark", "time": "1h",
        "category": "Local",
        "body": ["Every row of the long list opens this story."]}
    pages["news"]["rows"] = [
        {"title": f"{rng.choice(WORDS).capitalize()} {rng.choice(WORDS)} {n}", "page": STORY}
        for n in range(rows)]
    pages["scale-book"] = {
        "title": BOOK_TITLE, "byline": "A. Benchmark", "category": "Scale",
        "body": [" ".join(rng.choice(WORDS) for _ in range(100)).capitalize() + "."
                 for _ in range(paragraphs)]}
    pages["reading"]["rows"].insert(
        0, {"title": BOOK_TITLE, "detail": "A. Benchmark · 1 chapter", "page": "scale-book"})
    return data


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--paragraphs", type=int, default=3_000)
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(content(args.rows, args.paragraphs), f, ensure_ascii=False)


if __name__ == "__main__":
    main()
