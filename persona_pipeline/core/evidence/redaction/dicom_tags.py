"""Identifying attributes of a DICOM header, as dump and edit tools print them.

Policy (the DICOM standard, PS3.6's data dictionary and PS3.15 Annex E's de-identification profile):
every attribute whose value representation is PN (Person Name: a patient, a physician, an
operator) is a person's name, written `Family^Given^Middle^Prefix^Suffix`; and the patient's
identifying attributes are personal whatever their VR: Patient ID, Other Patient IDs, birth date
and time, birth and mother's birth names, address, telephone numbers, the responsible person.
They are read in the notations tools print: DCMTK's `dcmdump` (`(gggg,eeee) VR [value]`), pydicom's
repr (`(gggg, eeee) Description  VR: 'value'`), the DICOM JSON model (`"ggggeeee": {"vr": …,
"Value": […]}`, a name as `{"Alphabetic": …}`) and `dcmodify -m "(gggg,eeee)=value"`. Not personal,
and left alone: every other attribute (modality, study dates, UIDs, sizes, the sex and age alone),
so a header's technical lines keep their values.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# (group, element) of the patient's identifying attributes (PS3.15 Table E.1-1), upper case
_IDENTIFYING = frozenset(
    (
        "00100010",  # Patient's Name
        "00100020",  # Patient ID
        "00100030",  # Patient's Birth Date
        "00100032",  # Patient's Birth Time
        "00101000",  # Other Patient IDs
        "00101001",  # Other Patient Names
        "00101005",  # Patient's Birth Name
        "00101040",  # Patient's Address
        "00101060",  # Patient's Mother's Birth Name
        "00102154",  # Patient's Telephone Numbers
        "00102297",  # Responsible Person
        "00380010",  # Admission ID
    )
)
HEX4 = r"[0-9A-Fa-f]{4}"
# dcmdump, pydicom and dcmodify: the tag, then `=value`, or a description, the VR and the value
_TAG_LINE = Rx(
    rf"\(({HEX4}), ?({HEX4})\)(?:=([^\"'\r\n]{{1,128}})|[ \t]+(?:[A-Za-z'()/ -]{{1,64}}[ \t]+)?"
    r"([A-Z]{2})(?::[ \t]*'([^'\r\n]{1,128})'|[ \t]+\[([^\]\r\n]{1,128})\]))"
)
# the DICOM JSON model: a tag's object, its VR and its Value array (on one line)
_JSON_ATTR = Rx(
    rf"\"({HEX4}{HEX4})\"[ \t]*:[ \t]*\{{[ \t]*\"vr\"[ \t]*:[ \t]*\"([A-Z]{{2}})\"[ \t]*,[ \t]*\"Value\"[ \t]*:[ \t]*"
    r"\[([^\]\r\n]{1,400})\]"
)
_JSON_STRING = re.compile(r'"((?:[^"\\\r\n]|\\.){1,160})"')
_PN_KEYS = frozenset(("Alphabetic", "Ideographic", "Phonetic"))


# the attributes whose VR is PN (PS3.6), for a notation that gives no VR (`dcmodify -m "(0010,0010)=…"`):
# the patient's names, the responsible person, and the names of the physicians, operators and
# other people a study records
_PN_TAGS = frozenset(
    (
        "00100010",  # Patient's Name
        "00101001",  # Other Patient Names
        "00101005",  # Patient's Birth Name
        "00101060",  # Patient's Mother's Birth Name
        "00102297",  # Responsible Person
        "00080090",  # Referring Physician's Name
        "00081048",  # Physician(s) of Record
        "00081050",  # Performing Physician's Name
        "00081060",  # Name of Physician(s) Reading Study
        "00081070",  # Operators' Name
        "00321032",  # Requesting Physician
        "00400006",  # Scheduled Performing Physician's Name
        "0040A123",  # Person Name
        "00700084",  # Content Creator's Name
    )
)
# the placeholder's type of each identifying attribute that is no name (the others: an identifier)
_KINDS = {"00100030": "date_of_birth", "00100032": "date_of_birth", "00101040": "address", "00102154": "phone"}


def _kind(tag: str, vr: str | None) -> str | None:
    """The placeholder type of an attribute's value, None when the attribute is not personal."""
    tag = tag.upper()
    if vr == "PN" or (vr is None and tag in _PN_TAGS):
        return "person_name"
    if tag not in _IDENTIFYING:
        return None
    return _KINDS.get(tag, "patient_id")


def _value_span(start: int, end: int, text: str, kind: str) -> Span | None:
    while start < end and text[start] == " ":
        start += 1
    while end > start and text[end - 1] == " ":
        end -= 1  # (DICOM pads a value to an even length with a space)
    if end <= start or "REDACTED:" in text[start:end]:
        return None  # (a value redacted already: redacting twice changes nothing)
    return Span(start, end, kind)


def dicom_spans(text: str) -> Iterator[Span]:
    if "(" in text:
        for _, (g0, g1), (e0, e1), eq, (v0, v1), *vals in _TAG_LINE.finditer(text):
            kind = _kind(text[g0:g1] + text[e0:e1], text[v0:v1] if v0 >= 0 else None)
            if kind is None:
                continue
            for a, b in (eq, *vals):
                if a >= 0 and (span := _value_span(a, b, text, kind)) is not None:
                    yield span
    if '"vr"' in text:
        for _, (t0, t1), (v0, v1), (a0, a1) in _JSON_ATTR.finditer(text):
            kind = _kind(text[t0:t1], text[v0:v1])
            if kind is None:
                continue
            for m in _JSON_STRING.finditer(text, a0, a1):
                if m.group(1) in _PN_KEYS:
                    continue  # (a name component's key: its value is the next string)
                if (span := _value_span(m.start(1), m.end(1), text, kind)) is not None:
                    yield span
