/** Helpers that build tampered tokens, for the tests that prove they are refused. */
export function decodePart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString('utf8'));
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function withPayload(token: string, change: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${encode({ ...decodePart(token, 1), ...change })}.${signature}`;
}

export function unsigned(token: string): string {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`;
}

export function wrongSignature(token: string): string {
  const [header, payload, signature] = token.split('.');
  const flipped = signature!.startsWith('A')
    ? 'B' + signature!.slice(1)
    : 'A' + signature!.slice(1);
  return `${header}.${payload}.${flipped}`;
}
