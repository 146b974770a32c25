/**
 * The pi extension entry point: `export default function (pi: ExtensionAPI)`. pi loads it from TypeScript
 * (`gavel init pi` installs a one-line re-export into ~/.pi/agent/extensions/). It judges every tool call
 * through the `gavel` executable of this checkout.
 */

import { fileURLToPath } from 'node:url';
import { createGavelExtension } from './gavel-extension';
import { spawnJudge } from './spawn-judge';

const gavelBin = fileURLToPath(new URL('../../../../bin/gavel', import.meta.url));

export default createGavelExtension(spawnJudge(gavelBin));
