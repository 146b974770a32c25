/**
 * Reads GitHub's `pull_request` event payload as it is (the whole event, or its `pull_request` object).
 * Pure. Keeps only what routing needs: author login and association, title, body, labels and the
 * requested reviewers. Everything it returns except the association is untrusted text.
 */

import { isRecord } from '../../core';
import { ASSOCIATIONS, type Association, type PullRequestMeta } from '../types';
import { inputError, parseJson } from './route-input-error';

export function parsePullRequest(text: string, file: string): PullRequestMeta {
  const doc = parseJson(text, file);
  if (!isRecord(doc)) throw inputError(file, '', 'must be a JSON object');
  const pr = isRecord(doc.pull_request) ? doc.pull_request : doc;
  const prefix = pr === doc ? '' : 'pull_request.';
  const user = pr.user;
  if (!isRecord(user) || typeof user.login !== 'string' || user.login === '') {
    throw inputError(file, `${prefix}user.login`, 'is missing or not a string');
  }
  const association = pr.author_association;
  if (typeof association !== 'string' || !(ASSOCIATIONS as readonly string[]).includes(association)) {
    throw inputError(file, `${prefix}author_association`, `must be one of ${ASSOCIATIONS.join(', ')}`);
  }
  const title = optionalString(pr.title, file, `${prefix}title`);
  const body = optionalString(pr.body, file, `${prefix}body`);
  const labels = names(pr.labels, 'name', file, `${prefix}labels`);
  const reviewers = names(pr.requested_reviewers, 'login', file, `${prefix}requested_reviewers`);
  const teams = names(pr.requested_teams, 'slug', file, `${prefix}requested_teams`);
  return {
    login: user.login,
    association: association as Association,
    title,
    body,
    labels,
    requestedReviewers: [...reviewers.map((r) => `@${r}`), ...teams.map((t) => `@team:${t}`)],
  };
}

function optionalString(value: unknown, file: string, where: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw inputError(file, where, 'must be a string or null');
  return value;
}

function names(value: unknown, key: string, file: string, where: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw inputError(file, where, 'must be an array');
  return value.map((item, i) => {
    if (!isRecord(item) || typeof item[key] !== 'string')
      throw inputError(file, `${where}.${i}.${key}`, 'must be a string');
    return item[key] as string;
  });
}
