import sys

from bridgelaws.cli import main

sys.exit(main())
