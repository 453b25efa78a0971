"""The documentation stays true to the code: README.md is a short front door,
and every path, module, link and API route that README.md and docs/*.md name
exists.

* README.md is at most ``README_MAX_BYTES``.
* Every repository path named in code (inline backticks or fenced blocks) —
  ``explainer/engine/count.py``, ``web/storage/``, ``scripts/test`` — exists.
  Only words that begin with a top-level entry of the repository (a file or
  folder in its root that git does not ignore) followed by ``/`` count, so
  URLs, ``a/b`` in prose and ``../shared/...`` are not paths here.
* Every relative Markdown link or image resolves from the page that holds it,
  and its ``#anchor`` names a heading of the page it points to.
* Every dotted reference ``explainer.x.y`` / ``web.x.y`` in code resolves: the
  longest prefix that is a module, then attributes.
* docs/api.md's route table is exactly the app's OpenAPI description.
"""

from __future__ import annotations

import fnmatch
import glob
import importlib
import importlib.util
import re
from functools import cache
from pathlib import Path

from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
README_MAX_BYTES = 12_000
API_PAGE = ROOT / "docs" / "api.md"
HTTP_METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH")

FENCE = re.compile(r"^(```|~~~)[^\n]*\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
#: ``[text](target)`` and ``![alt](target)``; the target up to a space or ``)``
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
#: characters that separate words in code: spaces, quotes, brackets, ``=``, ``,``, ``;``, ``|``
SEPARATORS = re.compile(r"[\s'\"()\[\]{},;=|`]+")
DOTTED = re.compile(r"(?<![\w./-])(?:explainer|web)(?:\.[A-Za-z_]\w*)+")
#: a dotted word ending like a file name is a file, not a module (``web.md``)
FILE_SUFFIXES = {"md", "py", "txt", "json", "jsonl", "toml", "cfg", "ini", "conf", "html", "js", "css", "png", "po"}
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
ROUTE_ROW = re.compile(r"^\|\s*(" + "|".join(HTTP_METHODS) + r")\s*\|\s*`([^`]+)`\s*\|", re.MULTILINE)


def doc_pages() -> list[Path]:
    return [README, *sorted((ROOT / "docs").glob("*.md"))]


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


@cache
def top_level() -> frozenset[str]:
    """The repository's top-level entries: the root's files and folders that git does not ignore."""
    ignored = [
        line.strip().rstrip("/")
        for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return frozenset(
        entry.name
        for entry in ROOT.iterdir()
        if entry.name != ".git" and not any(fnmatch.fnmatch(entry.name, pattern) for pattern in ignored)
    )


def without_fences(text: str) -> str:
    return FENCE.sub("", text)


def code_spans(text: str) -> list[str]:
    """The text of every fenced block and every inline code span."""
    return [match.group(2) for match in FENCE.finditer(text)] + [
        match.group(2) for match in INLINE_CODE.finditer(without_fences(text))
    ]


def repository_paths(code: str) -> set[str]:
    """The words of a piece of code that name a path inside the repository."""
    found = set()
    for word in SEPARATORS.split(code):
        word = word.split("#", 1)[0].rstrip(".:")
        head = word.split("/", 1)[0]
        if head in top_level() and (word == head or word.startswith(head + "/")):
            found.add(word)
    return found


def path_exists(path: str) -> bool:
    """``<lang>`` and ``*`` stand for any name."""
    pattern = re.sub(r"<[^<>/]+>", "*", path)
    if "*" in pattern or "?" in pattern:
        return bool(glob.glob(str(ROOT / pattern)))
    return (ROOT / pattern).exists()


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: inline markup dropped, lower case,
    punctuation dropped, each space a hyphen."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def anchors(page: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(without_fences(page.read_text(encoding="utf-8"))):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return frozenset(found)


def resolves(reference: str) -> bool:
    """``explainer.engine.count.analyze``: import the longest prefix that is a module, then getattr the rest."""
    parts = reference.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            spec = importlib.util.find_spec(module_name)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            continue
        target: object = importlib.import_module(module_name)
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


def test_slug_follows_github() -> None:
    assert slug("Fair play: what ranks") == "fair-play-what-ranks"
    assert slug("`solve` JSON (a stable contract)") == "solve-json-a-stable-contract"
    assert slug("Text: solve with sentences") == "text-solve-with-sentences"


def test_path_words_are_only_repository_paths() -> None:
    code = "SCREENSHOT_DIR=docs/screenshots .venv/bin/python -m pytest tests/e2e/x.py 'web:create_app()' a/b http://x/y"
    assert repository_paths(code) == {"docs/screenshots", "tests/e2e/x.py"}
    assert repository_paths("../shared/reference/states.jsonl.gz /api/games/<id>") == set()
    assert not path_exists("tests/no_such_file.py")
    assert path_exists("locales/<lang>/LC_MESSAGES/messages.po")


def test_readme_is_a_front_door() -> None:
    size = len(README.read_bytes())
    assert size <= README_MAX_BYTES, f"README.md is {size} bytes; keep it at most {README_MAX_BYTES} (details: docs/)"


def test_readme_links_every_page() -> None:
    linked = {
        (ROOT / match.group(1).partition("#")[0]).resolve()
        for match in LINK.finditer(without_fences(README.read_text(encoding="utf-8")))
    }
    unlinked = [name(page) for page in doc_pages()[1:] if page.resolve() not in linked]
    assert not unlinked, f"README.md's 'Where to read more' does not link: {unlinked}"


def test_every_named_path_exists() -> None:
    missing = sorted(
        f"{name(page)}: `{path}`"
        for page in doc_pages()
        for code in code_spans(page.read_text(encoding="utf-8"))
        for path in repository_paths(code)
        if not path_exists(path)
    )
    assert not missing, "paths named in the docs that do not exist:\n" + "\n".join(missing)


def test_every_link_resolves() -> None:
    broken = []
    for page in doc_pages():
        for match in LINK.finditer(without_fences(page.read_text(encoding="utf-8"))):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                continue  # http:, https:, mailto:
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                broken.append(f"{name(page)}: ({target}): no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{name(page)}: ({target}): no heading #{anchor} in {name(linked)}")
    assert not broken, "broken links in the docs:\n" + "\n".join(sorted(broken))


def test_every_module_reference_resolves() -> None:
    unresolved = sorted(
        {
            f"{name(page)}: `{reference}`"
            for page in doc_pages()
            for code in code_spans(page.read_text(encoding="utf-8"))
            for reference in DOTTED.findall(code)
            if reference.rsplit(".", 1)[1] not in FILE_SUFFIXES and not resolves(reference)
        }
    )
    assert not unresolved, "module references in the docs that do not resolve:\n" + "\n".join(unresolved)


def test_api_table_is_the_openapi_description(client: FlaskClient) -> None:
    rows = ROUTE_ROW.findall(API_PAGE.read_text(encoding="utf-8"))
    documented = {(method, path) for method, path in rows}
    assert len(rows) == len(documented), "docs/api.md lists a route twice"
    spec = client.get("/api/openapi.json").get_json()
    served = {
        (method.upper(), path)
        for path, operations in spec["paths"].items()
        for method in operations
        if method.upper() in HTTP_METHODS
    }
    assert documented == served, (
        f"in docs/api.md, not served: {sorted(documented - served)}; "
        f"served, not in docs/api.md: {sorted(served - documented)}"
    )
