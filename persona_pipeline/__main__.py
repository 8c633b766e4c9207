"""`python -m persona_pipeline …` is the `persona` command."""

import sys

from persona_pipeline.orchestration.cli import main

sys.exit(main())
