#!/usr/bin/env python3
"""Writes the content file of the scale benchmark shaped like a real news
archive (issue 37), in the demo's content format (Examples/CONTENT-FORMAT.md):

  - News: 100,000 searchable rows under a channel strip of Top and seven
    categories; titles of 6-14 words, one in five in Chinese (20-90 bytes);
    a detail such as "Finance · 3h"; the rows open 2,000 distinct stories,
    each with a byline, a category, a time, four paragraphs and 0-6
    comments;
  - Topics (a tab not shown at start): a second searchable list of 20,000
    rows, opening the same stories;
  - Reading: a book of 3,000 paragraphs first (as the old scale file has).

The rest is the demo's built-in content. About 21 MB. Seeded: the same file
on every run and every machine (Python's random with a fixed seed).

  python3 Benchmarks/news_content.py OUT.json [--rows 100000] [--stories 2000]
"""

import argparse
import json
import os
import random

DEMO_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources",
                         "tabbar-demo", "Resources", "demo.json")
SEED = 37
CATEGORIES = ["World", "Finance", "Tech", "Science", "Sport", "Culture", "Travel"]
BOOK_TITLE = "The Very Long Book"

WORDS = (
    "harbour council market rally shares climb rain north bridge repairs museum reopens "
    "galaxy map scientists distant frog species solar car students battery startup funds "
    "chess prodigy champion cup final team wins heatwave records city bike lanes vote "
    "rail line coast opens fuel prices fall third week library late fees winter storm "
    "warning farmers harvest early river flood defences hospital wing nurses strike talks "
    "budget minister plan schools teachers pay airport runway delay flights cancelled "
    "orchestra season tickets festival crowds record profits bank rates hold inflation "
    "figures surprise exports growth slows factory jobs robot workers village shop "
    "volunteers save beach plastic ban coffee prices soar glacier melt study finds "
    "vaccine trial results marathon runner breaks course record new stadium plans").split()
NAMES = ("Ana Ruiz", "Priya Nair", "Tom Park", "Mara Quill", "Owen Hale", "Ravi Anand",
         "Elena Voss", "Jonas Berg", "Isabel Marsh", "Dee Adebayo", "Oskar Lind", "Mei Lin")
CHINESE = (
    "国家 统计局 发布 前三季度 国民经济 运行 情况 主要 指标 稳中有进 多地 迎来 入冬 首场 降雪 沿海 "
    "高铁 新线 今日 开通 运营 城市 更新 老旧 小区 加装 电梯 提速 科学家 绘制 遥远 星系 三维 地图 "
    "主队 点球 大战 险胜 捧起 足协杯 博物馆 闭馆 修缮 三年 重新 开放 新能源 汽车 销量 创新高 央行 "
    "维持 利率 不变 芯片 企业 发布 季度 财报 股市 全线 上涨 游客 数量 同比 增长 农民 提前 收获 "
    "稻谷 医院 新楼 投入 使用 机场 跑道 延误 航班 取消 图书馆 延长 开放 时间").split()
CHINESE_NAMES = ("王磊", "李娜", "张伟", "刘洋", "陈静", "杨帆", "赵敏", "周涛")
CHINESE_COMMENTERS = ("网易广东省深圳市网友", "网易北京市网友", "网易上海市网友", "网易浙江省杭州市网友")


def english_title(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 14))]
    if rng.random() < 0.3:
        words.insert(rng.randrange(len(words)), str(rng.randint(2, 2026)))
    return " ".join(words).capitalize()


def chinese_title(rng):
    """6-14 words of Chinese, 20-90 bytes of UTF-8."""
    while True:
        title = "".join(rng.choice(CHINESE) for _ in range(rng.randint(3, 8)))
        if rng.random() < 0.3:
            title += str(rng.randint(2, 99)) + "项"
        if 20 <= len(title.encode()) <= 90:
            return title


def english_paragraph(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(60, 120))]
    sentences, start = [], 0
    while start < len(words):
        end = min(len(words), start + rng.randint(8, 20))
        sentences.append(" ".join(words[start:end]).capitalize() + ".")
        start = end
    return " ".join(sentences)


def chinese_paragraph(rng):
    parts = []
    while sum(len(p) for p in parts) < rng.randint(80, 200):
        parts.append("".join(rng.choice(CHINESE) for _ in range(rng.randint(3, 7))))
    return "，".join(parts) + "。"


def story(rng, number, chinese):
    category = CATEGORIES[number % len(CATEGORIES)]
    paragraph = chinese_paragraph if chinese else english_paragraph
    comments = []
    for _ in range(rng.randint(0, 6)):
        comments.append({
            "author": rng.choice(CHINESE_COMMENTERS if chinese else NAMES),
            "time": f"{rng.randint(1, 59)}m",
            "text": paragraph(rng)[:rng.randint(40, 160)],
            "likes": rng.randint(0, 5000),
        })
    return {
        "title": chinese_title(rng) if chinese else english_title(rng),
        "byline": ("记者 " + rng.choice(CHINESE_NAMES)) if chinese else "By " + rng.choice(NAMES),
        "time": f"{rng.randint(1, 23)}h",
        "category": category,
        "body": [paragraph(rng) for _ in range(4)],
        "comments": comments,
    }


def rows(rng, count, stories):
    """`count` rows, each opening one of `stories` (ids, categories, whether
    Chinese): its own title (one in five Chinese) and a detail."""
    out = []
    for _ in range(count):
        sid, category, chinese = rng.choice(stories)
        title = chinese_title(rng) if chinese else english_title(rng)
        out.append({"title": title, "detail": f"{category} · {rng.randint(1, 23)}h", "page": sid})
    return out


def content(row_count, story_count, topic_rows, paragraphs):
    rng = random.Random(SEED)
    with open(DEMO_JSON) as f:
        data = json.load(f)
    pages = data["pages"]
    stories = []
    for number in range(story_count):
        # One story in five is Chinese, and so are the titles of the rows
        # that open it.
        chinese = number % 5 == 4
        sid = f"n{number}"
        pages[sid] = story(rng, number, chinese)
        stories.append((sid, pages[sid]["category"], chinese))
    news = pages["news"]
    news["channels"] = [{"title": "Top"}] + [
        {"title": c, "categories": [c]} for c in CATEGORIES]
    news["rows"] = rows(rng, row_count, stories)
    pages["topics"] = {"searchable": True, "rows": rows(rng, topic_rows, stories)}
    pages["scale-book"] = {
        "title": BOOK_TITLE, "byline": "A. Benchmark", "category": "Scale",
        "body": [english_paragraph(rng) for _ in range(paragraphs)]}
    pages["reading"]["rows"].insert(
        0, {"title": BOOK_TITLE, "detail": "A. Benchmark · 1 chapter", "page": "scale-book"})
    return data


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--stories", type=int, default=2_000)
    parser.add_argument("--topic-rows", type=int, default=20_000)
    parser.add_argument("--paragraphs", type=int, default=3_000)
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(content(args.rows, args.stories, args.topic_rows, args.paragraphs), f,
                  ensure_ascii=False)


if __name__ == "__main__":
    main()
