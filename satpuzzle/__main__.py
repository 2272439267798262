import sys

from satpuzzle.cli import main

sys.exit(main())
