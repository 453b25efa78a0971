"""A checker of the English sentences as a player reads them: every count, value and cell list a
sentence states is recounted from the raw view (the numbers and covered cells on screen, flags
counted as covered cells), never from the engine's reduced state.

It reads only the board and the text.  A sentence that counts covered cells must count them as
they are on the board, or name what it sets aside ("Apart from C7, known to be safe, ...").  Any
"the N at X" must name the value the board shows at X.  The forms it knows are the renderer's; a
claim it recognises and finds false raises ``AsReadError`` quoting the sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from explainer.core.board import FLAGGED, Board

__all__ = ["AsReadError", "Counts", "check_text"]

CELL = r"[A-Z]+[0-9]+"
LIST = rf"{CELL}(?:(?:, and |, | and ){CELL})*"
WORDS = {"one": 1, "two": 2, "both": 2}
#: covered cells set aside for what they are: "the mine at C3", "the safe cells D5 and E5", "the mines at C3 and C4
#: and the safe cell D5"
KNOWN = rf"(?:the mines? at {LIST})?(?:,? and )?(?:the safe cells? {LIST})?"


class AsReadError(AssertionError):
    """A sentence whose figure is not what the board shows."""


@dataclass
class Counts:
    """What was checked: claims by kind."""

    checked: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str) -> None:
        self.checked[kind] = self.checked.get(kind, 0) + 1


class _Reader:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.index = {board.name(i): i for i in range(board.size)}
        self.covered = {i for i in range(board.size) if board.cells[i] < 0}

    def cells(self, text: str) -> set[int]:
        names = re.findall(CELL, text)
        found = set()
        for name in names:
            if name not in self.index:
                raise AsReadError(f"{name} is not a cell of the board")
            found.add(self.index[name])
        if len(found) != len(names):
            raise AsReadError(f"a cell is named twice in {text!r}")
        return found

    def around(self, name: str) -> set[int]:
        """The covered cells next to the number at ``name`` (flags count as covered)."""
        mask = self.board.neighbours[self.index[name]] & self.board.covered_mask
        return {i for i in range(self.board.size) if mask >> i & 1}

    def value(self, name: str) -> int:
        return self.board.cells[self.index[name]]

    def apart(self, text: str) -> tuple[set[int], int] | None:
        """The covered cells of the numbers named in ``text`` and what they show together; None when two of them
        share a covered cell."""
        union: set[int] = set()
        total = 0
        for name in re.findall(CELL, text):
            around = self.around(name)
            if around & union:
                return None
            union |= around
            total += self.value(name)
        return union, total


def _count(word: str) -> int:
    return WORDS[word] if word in WORDS else int(word)


def check_text(board: Board, text: str, counts: Counts | None = None) -> Counts:
    """Check every claim of ``text`` (English) against ``board``; returns what was checked."""
    counts = counts or Counts()
    read = _Reader(board)

    def fail(sentence: str, why: str) -> None:
        raise AsReadError(f"{why}: {sentence!r}\nboard:\n{board}")

    # every number named with its value
    for number, name in re.findall(rf"\bthe ([0-8]) at ({CELL})", text, flags=re.IGNORECASE):
        if read.value(name) != int(number):
            fail(text, f"the board shows {read.value(name)} at {name}, not {number}")
        counts.add("value")
    sentences = re.split(r"(?<=\.)\s+(?=[A-Z0-9])", text)
    shared: set[int] | None = None
    shared_aside: set[int] = set()
    last_found: set[int] = set()
    last_clue = ""
    last_outer: set[int] = set()
    last_total = -1
    for sentence in sentences:
        sentence = re.sub(r"^\d+\. ", "", sentence)
        m = re.search(rf"^(?:Apart from ({LIST}), known to be safe, )?the ([0-8]) at ({CELL}) touches exactly (\d+) covered cells?, ({LIST})", sentence, re.I)
        if m:
            aside = read.cells(m.group(1)) if m.group(1) else set()
            around = read.around(m.group(3))
            named = read.cells(m.group(5))
            if around - aside != named or len(named) != int(m.group(4)):
                fail(sentence, f"the number at {m.group(3)} touches {sorted(map(board.name, around - aside))} apart from what is set aside")
            counts.add("touches")
        m = re.search(rf"the ([0-8]) at ({CELL}) already has (?:its mine at|all \d+ of its mines:|both of its mines:|\d+ mines? next to it:) ({LIST})", sentence, re.I)
        if m:
            last_clue, last_found = m.group(2), read.cells(m.group(3))
            if not last_found <= read.around(last_clue):
                fail(sentence, "a mine it has is not one of its covered neighbours")
            counts.add("has")
        m = re.search(rf"^So its other (?:(\d+) )?covered neighbours?(?: are safe: |, )({LIST})", sentence)
        if m and last_clue:
            named = read.cells(m.group(2))
            rest = read.around(last_clue) - last_found
            if named != rest or (m.group(1) and int(m.group(1)) != len(named)):
                fail(sentence, f"its other covered neighbours are {sorted(map(board.name, rest))}")
            counts.add("others")
        m = re.search(rf"^It needs (\d+) more, and exactly (\d+) other covered cells? (?:is|are) left, so ({LIST})", sentence)
        if m and last_clue:
            named = read.cells(m.group(3))
            rest = read.around(last_clue) - last_found
            if named != rest or int(m.group(2)) != len(rest):
                fail(sentence, f"its other covered cells are {sorted(map(board.name, rest))}")
            counts.add("left")
        m = re.search(rf"^Apart from ({LIST}), known to be safe, it has exactly (\d+) other covered cells? for .*, so ({LIST})", sentence)
        if m and last_clue:
            aside, named = read.cells(m.group(1)), read.cells(m.group(3))
            rest = read.around(last_clue) - last_found - aside
            if named != rest or int(m.group(2)) != len(rest):
                fail(sentence, f"apart from what it sets aside, its other covered cells are {sorted(map(board.name, rest))}")
            counts.add("left")
        m = re.search(rf"^(?:Apart from ({KNOWN}), )?the ([0-8]) at ({CELL}) and the ([0-8]) at ({CELL}) share (?:\d+ covered cells?: )?({LIST})\.", sentence, re.I)
        if m:
            aside = read.cells(m.group(1)) if m.group(1) else set()
            both = read.around(m.group(3)) & read.around(m.group(5))
            shared, shared_aside = read.cells(m.group(6)), aside
            if both - aside != shared:
                fail(sentence, f"they share {sorted(map(board.name, both))} on the board")
            counts.add("share")
        m = re.search(rf"(?:Apart from ({KNOWN}), )?the ([0-8]) at ({CELL}) has (?:only ({LIST}) outside them|no other covered cell)", sentence, re.I)
        if m and shared is not None:
            aside = read.cells(m.group(1)) if m.group(1) else set()
            alone = read.cells(m.group(4)) if m.group(4) else set()
            outside = read.around(m.group(3)) - shared - shared_aside  # what the first sentence set aside stays aside
            if outside - aside != alone:
                fail(sentence, f"outside the shared cells it has {sorted(map(board.name, outside))}")
            counts.add("outside")
        m = re.search(
            rf"^The ([0-8]) at ({CELL})(?:, with its mines? at ({LIST}),)? allows at most (\d+)( more)? of its mines in ({LIST}), "
            rf"so the ([0-8]) at ({CELL})(?:, with its mines? at ({LIST}),)? needs (?:a mine at|mines at|one more at|\d+ more at) ({LIST})\.",
            sentence,
        )
        if m:
            bounding, found_b = m.group(2), read.cells(m.group(3) or "")
            common = read.cells(m.group(6))
            deciding, found_a, named = m.group(8), read.cells(m.group(9) or ""), read.cells(m.group(10))
            if not (found_b | common) <= read.around(bounding) or int(m.group(4)) != read.value(bounding) - len(found_b):
                fail(sentence, f"the number at {bounding} allows {read.value(bounding) - len(found_b)} more in cells it touches")
            if bool(m.group(5)) != bool(found_b):
                fail(sentence, "'more' is said exactly when the number has mines already")
            rest = read.around(deciding) - common - found_a
            if not found_a <= read.around(deciding) or rest != named or read.value(deciding) - len(found_a) - int(m.group(4)) != len(named):
                fail(sentence, f"outside the shared cells the number at {deciding} has {sorted(map(board.name, rest))}")
            counts.add("compared")
        m = re.search(
            rf"^The ([0-8]) at ({CELL})(?:, with its mines? at ({LIST}),)? puts at least (\d+)( more)? of its mines in ({LIST}), "
            rf"all the ([0-8]) at ({CELL})(?:, with its mines? at ({LIST}),)? (?:still )?needs, so ({LIST}) (?:is|are) safe\.",
            sentence,
        )
        if m:
            bounding, found_b = m.group(2), read.cells(m.group(3) or "")
            common = read.cells(m.group(6))
            deciding, found_a, named = m.group(8), read.cells(m.group(9) or ""), read.cells(m.group(10))
            around_b = read.around(bounding)
            least = read.value(bounding) - len(found_b) - len(around_b - common - found_b)
            if not (found_b | common) <= around_b or int(m.group(4)) != least:
                fail(sentence, f"the number at {bounding} puts at least {least} of its mines in the shared cells")
            rest = read.around(deciding) - common - found_a
            if not found_a <= read.around(deciding) or rest != named or read.value(deciding) - len(found_a) != least:
                fail(sentence, f"the number at {deciding} needs {read.value(deciding) - len(found_a)} more; outside it has {sorted(map(board.name, rest))}")
            counts.add("compared")
        m = re.search(rf"^(?:\d+\. )?The numbers do not prove your flags? at ({LIST}), so", sentence)
        if m:
            named = read.cells(m.group(1))
            if not all(board.state(*divmod(i, board.width)) == FLAGGED for i in named):
                fail(sentence, "a cell named as the player's flag is not flagged")
            counts.add("unproved-flag")
        m = re.search(r"^Your other (\d+) flags? (?:is|are) right\.|^All (\d+) of your flags are right\.", sentence)
        if m:
            flags = board.flagged_mask.bit_count()
            if m.group(1) and (int(m.group(1)) != flags - 1 or "can't be right" not in text):
                fail(sentence, f"the board has {flags} flags, one of them the wrong one the text is about")
            if m.group(2) and int(m.group(2)) != flags:
                fail(sentence, f"the board has {flags} flags")
            counts.add("flags-counted")
        m = re.search(r"The shared cells are only (\d+) cells?", sentence)
        if m and shared is not None:
            if int(m.group(1)) != len(shared):
                fail(sentence, f"the shared cells named are {len(shared)}")
            counts.add("shared-size")
        m = re.search(rf"All (\d+) mines are located, so (?:the only other covered cell, |every other covered cell is safe: )({LIST})(?:,? and (\d+) more cells?)?", sentence)
        if m:
            named = read.cells(m.group(2))
            more = int(m.group(3) or 0)  # a long list is shortened: "A1, ... and 21 more cells"
            if int(m.group(1)) != board.mines or len(read.covered) - len(named) - more != board.mines:
                fail(sentence, f"{len(read.covered)} cells are covered and the board has {board.mines} mines")
            counts.add("all-found")
        m = re.search(rf"The only mine is located, so (?:the only other covered cell, |every other covered cell is safe: )({LIST})(?:,? and (\d+) more cells?)?", sentence)
        if m:
            named = read.cells(m.group(1))
            if board.mines != 1 or len(read.covered) - len(named) - int(m.group(2) or 0) != 1:
                fail(sentence, f"{len(read.covered)} cells are covered and the board has {board.mines} mines")
            counts.add("all-found")
        m = re.search(rf"^No two of ((?:the [0-8] at {CELL}(?:, and |, | and )?)+) share a covered cell, so together they touch exactly (\d+) mines?\.", sentence)
        if m:
            found = read.apart(m.group(1))
            if found is None:
                fail(sentence, "two of the numbers named share a covered cell")
            else:
                outer, total = found
                if total != int(m.group(2)):
                    fail(sentence, f"the numbers named show {total} together")
                last_outer, last_total = outer, total
            counts.add("sum")
        m = re.search(rf"^Inside those cells, ((?:the [0-8] at {CELL}(?:, and |, | and )?)+) needs? all (\d+)(?:, no two sharing a cell)?, so ({LIST})(?:,? and (\d+) more cells?)? (?:is|are) safe\.", sentence)
        if m:
            found = read.apart(m.group(1))
            if found is None or not found[0] <= last_outer:
                fail(sentence, "the numbers inside share a cell or reach outside the cells before")
            inside, total = found or (set(), -1)
            rest = last_outer - inside
            named = read.cells(m.group(3))
            if total != int(m.group(2)) or total != last_total or not named <= rest or len(named) + int(m.group(4) or 0) != len(rest):
                fail(sentence, f"inside numbers show {total}; the cells left are {sorted(map(board.name, rest))}")
            counts.add("sum")
        m = re.search(r"All but (\d+) of the (\d+) mines", sentence)
        if m:
            if int(m.group(2)) != board.mines:
                fail(sentence, f"the board has {board.mines} mines")
            counts.add("all-but")
    return counts
