"""`python -m persona_pipeline …` is the `persona` command."""

import sys

from persona_pipeline.orchestration.cli import main

if __name__ == "__main__":  # not when a spawned child re-imports the main module
    sys.exit(main())
