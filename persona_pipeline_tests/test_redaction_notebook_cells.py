"""An IPython result labelled by the key its cell read (label_links._NOTEBOOK)."""

from __future__ import annotations

import pytest

from persona_pipeline.core.evidence.redaction.label_links import _pairs
from persona_pipeline.core.evidence.redaction.redactor import Redactor
from persona_pipeline_tests.redaction_checks import redacted


def test_pair_is_the_cells_last_key_and_its_result() -> None:
    text = "In [12]: people.at[4, \"learner_uln\"]\nOut[12]: '6482019373'\n"
    assert [(k, text[a:b]) for k, a, b in _pairs(text)] == [("learner_uln", "6482019373")]
    # another cell's result is no answer to this one
    assert list(_pairs("In [3]: people.at[4, \"learner_uln\"]\nOut[9]: '6482019373'\n")) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("In [31]: os.getenv(\"REPORTING_DB_PASSWORD\")\nOut[31]: 'gravel-Otter-4471'", "gravel-Otter-4471"),
        ("    \\\\In [2]: row['ni_number']\n    \\\\Out[2]: 'JT 41 82 07 B'\n;", "JT 41 82 07 B"),
        ('val s = """|In [8]: staff.loc[17, "national_provider_id"]\n        |Out[8]: \'1304528718\'"""', "1304528718"),
    ],
)
def test_result_redacted_by_its_key(text: str, value: str, redactor: Redactor) -> None:
    assert value not in redacted(redactor, text)


@pytest.mark.parametrize(
    "text",
    [
        'In [2]: runs["build_number"].iloc[0]\nOut[2]: 2047188364',
        "In [3]: meta['version']\nOut[3]: '4.12.0-rc.3'",
        "In [4]: commit[\"sha\"]\nOut[4]: '9f2c4e1b7a3d5f60c8e2b4a6d1f3e5c7b9a0d2f4'",
        "In [5]: df.loc[2, \"order_id\"]\nOut[5]: 'ORD-2026-118834'",
        "In [6]: type(client).__name__\nOut[6]: 'HttpClientConnectionManager'",
    ],
)
def test_developer_results_stay(text: str, redactor: Redactor) -> None:
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    "text",
    [
        # the literal is data a call transforms, not a key the cell looks up
        'In [3]: hashlib.sha256(b"password").hexdigest()\n'
        "Out[3]: 'a3f1c9e07b2d4e5f60718293a4b5c6d7e8f90112233445566778899aabbccdd'",
        "In [4]: base64.b64encode(b\"api_key\")\nOut[4]: b'YXBpX2tleQ=='",
        'In [5]: bcrypt.hashpw(b"secret", salt)\n'
        "Out[5]: b'$2b$12$Nq3yX1rT8uVwZa0bCdEfGeHiJkLmNoPqRsTuVwXyZa0bCdEfGhIjK'",
        "In [6]: hashlib.md5(row[\"password\"].encode()).hexdigest()\nOut[6]: '0c4e8f1a2b3d5c6e7f8091a2b3c4d5e6'",
        'In [7]: len("secret_key")\nOut[7]: 10',
    ],
)
def test_a_transformed_literal_labels_nothing(text: str, redactor: Redactor) -> None:
    assert list(_pairs(text)) == []
    assert redacted(redactor, text) == text


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("In [1]: cfg.get(\"api_token\")\nOut[1]: 'x'", "api_token"),
        ("In [2]: os.environ[\"DB_PASSWORD\"]\nOut[2]: 'x'", "DB_PASSWORD"),
        ("In [3]: getattr(settings, \"secret_key\")\nOut[3]: 'x'", "secret_key"),
        ("In [4]: people[\"phone\"].iloc[0]\nOut[4]: 'x'", "phone"),
        ("In [5]: d.get(\"password\", None)  # fallback\nOut[5]: 'x'", "password"),
    ],
)
def test_a_lookup_names_its_result(text: str, key: str) -> None:
    assert [k for k, _, _ in _pairs(text)] == [key]
