/**
 * Opens the model a capability chose (its spec and where the choice came from) with the user's `[model]`
 * endpoint and key variable: the one place the check reviewer, its disclosure and the judge turn a choice and a
 * config into `openModel`'s input. Reads nothing itself: the file reader, home and clock are passed in.
 */

import type { Config } from '../config';
import type { Clock } from '../core';
import { type ModelCatalog, type ModelSource, type OpenedModel, openModel } from '../model';

export interface ChosenModel {
  spec: string | undefined;
  source: ModelSource;
}

export function openChosenModel(
  choice: ChosenModel,
  setup: {
    config: Config;
    env: Readonly<Record<string, string | undefined>>;
    readFile: (path: string) => string | undefined;
    home: string;
    clock: Pick<Clock, 'now'>;
    catalog: ModelCatalog;
  },
): OpenedModel {
  const { config } = setup;
  return openModel({
    spec: choice.spec,
    source: choice.source,
    ...(config.model.base_url ? { baseUrl: config.model.base_url } : {}),
    ...(config.model.api_key_env ? { apiKeyEnv: config.model.api_key_env } : {}),
    env: setup.env,
    readFile: setup.readFile,
    homeDir: setup.home,
    now: () => setup.clock.now(),
    catalog: setup.catalog,
  });
}
