import { describe, expect, it } from 'vitest';
import { amzDateOf, signingKey, signV4 } from './sigv4';

// AWS Signature Version 4 test suite: credentials, region and time shared by every vector.
const SUITE = {
  region: 'us-east-1',
  service: 'service',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  amzDate: '20150830T123600Z',
};

describe('signV4 against the published AWS test suite', () => {
  it.each([
    [
      'get-vanilla',
      'https://example.amazonaws.com/',
      '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    ],
    [
      'get-vanilla-query-order-key-case',
      'https://example.amazonaws.com/?Param2=value2&Param1=value1',
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    ],
  ])('%s', (_name, url, signature) => {
    const signed = signV4({ ...SUITE, method: 'GET', url: new URL(url), headers: {}, body: '' });
    expect(signed.signature).toBe(signature);
    expect(signed.headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=${signature}`,
    );
  });

  it('derives the documented signing key', () => {
    // From the AWS general reference example (secret wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY, 20150830, us-east-1, iam).
    expect(
      signingKey(SUITE.credentials.secretAccessKey, '20150830', 'us-east-1', 'iam').toString('hex'),
    ).toBe('c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9');
  });
});

describe('signV4 details', () => {
  it('encodes path segments twice for non-S3 services', () => {
    const signed = signV4({
      ...SUITE,
      service: 'bedrock',
      method: 'POST',
      url: new URL('https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-v2%3A1/converse'),
      headers: {},
      body: '{}',
    });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/model/anthropic.claude-v2%253A1/converse');
  });

  it('signs the session token when there is one', () => {
    const signed = signV4({
      ...SUITE,
      credentials: { ...SUITE.credentials, sessionToken: 'TOKEN' },
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      body: '',
    });
    expect(signed.headers['x-amz-security-token']).toBe('TOKEN');
    expect(signed.headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token');
    expect(signed.signature).not.toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });

  it('formats the date as AWS wants it', () => {
    expect(amzDateOf(new Date('2015-08-30T12:36:00.123Z'))).toBe('20150830T123600Z');
  });
});
