"""Vocabulary of the skills fold: facet cues, term normalisation, stop words.

The persona digester and the persona fold no longer use the synonyms or facet cues here (they
read grammar and general-English rarity: `reading.py`, `similarity.py`); the skills fold
(`skills/evolve.py`, `fold.similarity`/`named_terms`) still groups lessons with them, and `STOP`
and `_stem` are shared.
"""

from __future__ import annotations

import re
import unicodedata

from persona_pipeline.persona.digest import script

# Surface forms -> canonical term (applied to lower-cased text before tokenising).
SYNONYMS: tuple[tuple[str, str], ...] = (
    (r"\bpath objects?\b", "pathlib"),
    (r"\bnvim\b", "neovim"),
    (r"\bimport \*|\bstar imports?\b|\bwildcard imports?\b", "wildcardimport"),
    (r"\bos\.path(?:\.\w+)?\b", "os.path"),
    (r"\btype hints?\b|\btype annotations?\b|\bannotat(?:e|es|ed|ing|ions?)\b|\btyped\b", "typehints"),
    (r"\bprint\(\)|\bprint statements?\b|\bprints?\b", "print"),
    (r"\bloggers?\b|\blogging\b", "logging"),
    (r"\bterse(?:ly)?\b|\bconcise(?:ly)?\b|\bshorter\b|\bbrief(?:ly)?\b|\bone-line\b|\bshort\b", "concise"),
    (r"\bpreambles?\b|\brecaps?\b|\bsummar(?:y|ies) at the end\b|\bfiller\b", "preamble"),
    (r"\bunittest(?: classes)?\b|\bsetup methods?\b|\bsetup\b", "unittest"),
    (r"\bfixtures?\b", "fixtures"),
    (r"\bmock(?:s|ed|ing)?\b", "mock"),
    (r"\bdatabases?\b|\bdb\b", "database"),
    (r"\bvenvs?\b|\bvirtualenvs?\b|\bvirtual env(?:ironment)?s?\b", "venv"),
    (r"\brequirements\.txt\b", "pip"),
    (r"\btests?\b|\btest suite\b|\bpytest\b", "tests"),
    (r"\bcommits?\b|\bcommitting\b|\bcommitted\b", "commit"),
    (r"\bconventional commit(?: messages| prefixes)?\b", "conventional"),
    (r"\bdataframes?\b", "dataframe"),
    # comparatives name the same quality ("smaller commits" ~ "small commits")
    (r"\b(small|fast|slow|clean|strict)er\b", r"\1"),
    (r"\b(larg|simpl|saf)er\b", r"\1e"),
    (r"\bbigger\b", "big"),
    # an agent declaring a task finished (applied after apostrophes are removed), in any tense:
    # "tell me it's done", "claiming a task is finished", "say the change is complete"
    (
        r"\b(?:say|tell me|tell|claim|report|declare)(?:s|ing|ed)? (?:that )?"
        r"(?:its|it is|youre|you are|were|we are|(?:a|the|this|that) (?:task|change|fix|feature|job) is) "
        r"(?:done|finished|complete)\b",
        "claimdone",
    ),
)
_SYN = [(re.compile(p), c) for p, c in SYNONYMS]

STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "i",
        "we",
        "you",
        "me",
        "my",
        "our",
        "your",
        "to",
        "of",
        "in",
        "on",
        "for",
        "with",
        "and",
        "or",
        "but",
        "so",
        "if",
        "then",
        "than",
        "as",
        "at",
        "by",
        "from",
        "be",
        "is",
        "are",
        "was",
        "were",
        "been",
        "being",
        "do",
        "does",
        "did",
        "done",
        "have",
        "has",
        "had",
        "will",
        "would",
        "should",
        "could",
        "can",
        "may",
        "might",
        "must",
        "please",
        "just",
        "really",
        "also",
        "too",
        "very",
        "here",
        "there",
        "when",
        "while",
        "into",
        "out",
        "up",
        "down",
        "over",
        "again",
        "like",
        "always",
        "never",
        "not",
        "no",
        "don't",
        "dont",
        "do",
        "stop",
        "avoid",
        "prefer",
        "use",
        "using",
        "used",
        "want",
        "keep",
        "make",
        "sure",
        "everything",
        "everywhere",
        "all",
        "any",
        "every",
        "each",
        "thing",
        "things",
        "way",
        "ones",
        "one",
        "instead",
        "rather",
        "only",
        "yourself",
        "itself",
        "its",
        "thats",
        "isnt",
        "arent",
        "dont",
        "lets",
        "im",
        "id",
        "ive",
        "were",
        "doesnt",
        "wont",
        "cant",
        "didnt",
        "shouldnt",
        # function words that name nothing, so two wordings of a rule do not drift apart on them
        "them",
        "they",
        "their",
        "another",
        "other",
        "first",
        "without",
        "before",
        "after",
        "about",
    ]
)

FACET_CUES: dict[str, tuple[str, ...]] = {
    "communication": (
        "concise",
        "preamble",
        "answer",
        "answers",
        "reply",
        "replies",
        "respond",
        "explain",
        "explanation",
        "verbose",
        "tone",
        "emoji",
        "emojis",
        "wording",
        "spelling",
        "grammar",
        "typos",
        "tell",
        "summary",
        "language",
        "english",
        "bullet",
        "bullets",
        "questions",
        "ask",
    ),
    "stack": (
        "polars",
        "pandas",
        "duckdb",
        "postgres",
        "postgresql",
        "sqlite",
        "mysql",
        "react",
        "vue",
        "svelte",
        "django",
        "flask",
        "fastapi",
        "numpy",
        "pydantic",
        "sqlalchemy",
        "uv",
        "pip",
        "poetry",
        "conda",
        "npm",
        "pnpm",
        "yarn",
        "bun",
        "deno",
        "node",
        "typescript",
        "javascript",
        "rust",
        "go",
        "golang",
        "java",
        "kotlin",
        "tailwind",
        "redis",
        "kafka",
        "dataframe",
        "library",
        "framework",
        "orm",
        "httpx",
        "requests",
        "dagster",
        "airflow",
        "terraform",
        "kubernetes",
    ),
    "coding_style": (
        "typehints",
        "pathlib",
        "os.path",
        "logging",
        "print",
        "naming",
        "names",
        "docstrings",
        "docstring",
        "comments",
        "comment",
        "functions",
        "function",
        "classes",
        "class",
        "dataclasses",
        "dataclass",
        "f-strings",
        "imports",
        "style",
        "readable",
        "mypy",
        "exceptions",
        "globals",
        "variables",
        "code",
        "module",
        "modules",
        "fixtures",
        "unittest",
    ),
    "workflow": (
        "claimdone",
        "tests",
        "commit",
        "conventional",
        "ruff",
        "lint",
        "linter",
        "format",
        "formatter",
        "ci",
        "review",
        "pr",
        "prs",
        "branch",
        "branches",
        "push",
        "deploy",
        "done",
        "mock",
        "database",
        "migration",
        "changelog",
        "rebase",
        "merge",
        "diff",
        "diffs",
        "plan",
        "tdd",
    ),
    "environment": (
        "venv",
        "shell",
        "zsh",
        "bash",
        "fish",
        "terminal",
        "editor",
        "vim",
        "neovim",
        "emacs",
        "vscode",
        "docker",
        "container",
        "macos",
        "linux",
        "windows",
        "wsl",
        "env",
        "environment",
        "machine",
        "dotfiles",
        "tmux",
        "path",
    ),
}


def normalise(text: str) -> str:
    t = text.lower().replace("’", "'").replace("'", "")
    for rx, canon in _SYN:
        t = rx.sub(canon, t)
    return t


_TOKEN = re.compile(r"[a-z][a-z0-9_+#.\-]*[a-z0-9+#]|[a-z]")
_UTOKEN = r"\p{L}[\p{L}\p{M}0-9_+#.\-]*[\p{L}\p{M}0-9+#]|\p{L}\p{M}*"  # _TOKEN, letters of any script


def _stem(word: str) -> str:
    """Plural, -ing and -ed forms and a final -e collapse ("rebase", "rebasing" -> "rebas";
    "nested", "nesting" -> "nest"); identifiers (os.path, --no-verify) keep all but a plural s."""
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"  # dependencies -> dependency
    elif len(word) > 4 and word.endswith("es") and word[-3] in "sxz":
        word = word[:-2]
    elif len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is")) and word[-2].isalpha():
        word = word[:-1]
    if not word.isalpha():
        return word
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    if len(word) > 4 and word[-1] == word[-2] and word[-1] in "bdgmnprt":
        word = word[:-1]  # committ(ing) -> commit, formatt(ing) -> format
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def content_tokens(text: str) -> frozenset[str]:
    """Normalised, lightly stemmed content words: the lexical identity of a statement. A
    hyphenated compound also counts as its parts ("google-style" ~ "Google style")."""
    low = normalise(text)
    if low.isascii():
        words = _TOKEN.findall(low)
    else:  # letters of any script; spaceless runs as bigrams, other scripts truncated (script.py)
        found = script.compile_(_UTOKEN).findall(unicodedata.normalize("NFC", low))
        words = [p for w in found for p in script.segments(w)]
    parts = [p for w in words if "-" in w.strip("-") for p in w.split("-") if len(p) > 1]
    keys = (_stem(w) if w.isascii() else script.key(w) for w in [*words, *parts] if w not in STOP and len(w) > 1)
    return frozenset(k for k in keys if k)


# Verbs that open an imperative ("ask a clarifying question", "use uv", "run ruff"): where a
# second instruction starts inside "stop guessing and ask …".
IMPERATIVE_VERBS: tuple[str, ...] = (
    "ask",
    "answer",
    "reply",
    "respond",
    "keep",
    "write",
    "run",
    "make",
    "be",
    "give",
    "put",
    "show",
    "add",
    "explain",
    "say",
    "tell",
    "return",
    "switch",
    "start",
    "check",
    "assume",
    "call",
    "commit",
    "rebase",
    "test",
    "format",
    "lint",
    "split",
    "name",
    "log",
    "raise",
    "wrap",
    "annotate",
    "document",
    "summarise",
    "summarize",
    "read",
    "leave",
    "skip",
    "drop",
    "move",
    "stay",
    "build",
    "deploy",
    "push",
    "pull",
    "merge",
    "install",
    "pin",
    "import",
    "declare",
    "handle",
    "validate",
    "fix",
    "use",
    "prefer",
    "stick",
    "just",
)


# The cues as content_tokens() produces them (stemmed), for matching.
FACET_CUE_TOKENS: dict[str, frozenset[str]] = {f: frozenset(_stem(c) for c in cues) for f, cues in FACET_CUES.items()}
ANCHOR_TOKENS: frozenset[str] = frozenset().union(*FACET_CUE_TOKENS.values())
