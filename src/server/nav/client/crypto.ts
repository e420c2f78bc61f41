/**
 * The hashes and the token cipher of Online Számla 3.0 (interface specification 1.3.2, 1.5, 1.8.10).
 * Pure functions over node:crypto; the 1.5.1 worked example is the first unit test.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** SHA-512 of the technical user's password, upper-case hex: the `passwordHash` NAV expects (1.3.2). */
export function passwordHash(password: string): string {
  return createHash('sha512').update(password, 'utf8').digest('hex').toUpperCase();
}

/** SHA3-512, upper-case hex: the algorithm of `requestSignature` and of each index hash (1.5). */
export function sha3Upper(text: string): string {
  return createHash('sha3-512').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The header `timestamp`: UTC, milliseconds, `Z` (GenericTimestampType). */
export function navTimestamp(at: Date): string {
  return at.toISOString();
}

/**
 * The timestamp as it enters the signature: YYYYMMDDhhmmss in UTC, separators, fraction and zone
 * removed (1.5.1, 1.5.3). Takes the header text so client and server hash exactly what was sent.
 */
export function signatureTimestamp(headerTimestamp: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?Z$/.exec(headerTimestamp);
  if (!m) throw new Error(`not a NAV timestamp (YYYY-MM-DDThh:mm:ss.sssZ): ${headerTimestamp}`);
  return m.slice(1).join('');
}

/** One index of a manageInvoice/manageAnnulment: the operation literal and the base64 exactly as sent. */
export interface SignedOperation {
  operation: string;
  base64: string;
}

/**
 * requestSignature (1.5): SHA3-512 of requestId + YYYYMMDDhhmmss + signing key, followed for
 * manageInvoice/manageAnnulment by each index's SHA3-512(operation + base64) in index order.
 */
export function requestSignature(
  requestId: string,
  headerTimestamp: string,
  signingKey: string,
  operations: readonly SignedOperation[] = [],
): string {
  let base = requestId + signatureTimestamp(headerTimestamp) + signingKey;
  for (const op of operations) base += sha3Upper(op.operation + op.base64);
  return sha3Upper(base);
}

function aesKey(exchangeKey: string): Buffer {
  const key = Buffer.from(exchangeKey, 'utf8');
  if (key.length !== 16) {
    throw new Error(`the exchange key must be 16 characters (AES-128); this one is ${key.length} bytes`);
  }
  return key;
}

/** Decodes tokenExchange's `encodedExchangeToken` (base64 of AES-128-ECB, PKCS#7 padding) with the exchange key. */
export function decodeExchangeToken(encoded: string, exchangeKey: string): string {
  const decipher = createDecipheriv('aes-128-ecb', aesKey(exchangeKey), null);
  const plain = Buffer.concat([decipher.update(Buffer.from(encoded, 'base64')), decipher.final()]);
  return plain.toString('utf8');
}

/** The inverse of decodeExchangeToken: what NAV (and the test double) sends. */
export function encodeExchangeToken(token: string, exchangeKey: string): string {
  const cipher = createCipheriv('aes-128-ecb', aesKey(exchangeKey), null);
  return Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64');
}

let lastStamp = '';
let sequence = 0;

/**
 * A requestId matching [+a-zA-Z0-9_]{1,30}, unique per process and (by its random tail) across
 * instances: 'SD' + milliseconds in base 36 + a per-millisecond counter + 8 random characters.
 */
export function newRequestId(at: Date): string {
  const stamp = at.getTime().toString(36).toUpperCase();
  sequence = stamp === lastStamp ? sequence + 1 : 0;
  lastStamp = stamp;
  const random = randomBytes(6).toString('base64').replace(/[^a-zA-Z0-9]/g, '_');
  return `SD${stamp}${sequence.toString(36).toUpperCase()}_${random}`.slice(0, 30);
}
