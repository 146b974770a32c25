#!/bin/bash
# Copies the build to the production host.
set -euo pipefail
npm run build
rsync -a dist/ deploy@prod.acme.io:/srv/app
