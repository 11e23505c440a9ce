/**
 * The ciphers personal data may be sealed with (DATA_CIPHER, SECURITY R34, ADR 0066): SM4, the
 * commercial-cryptography standard, by default; AES-256-GCM where a deployment asks for it. A setting,
 * so it lives with the configuration; services/crypto implements each.
 */
export const CIPHER_ALGORITHMS = ['sm4', 'aes-256-gcm'] as const;
export type CipherAlgorithm = (typeof CIPHER_ALGORITHMS)[number];
