/**
 * CRC-32 of a concatenation from the CRC-32s of its parts (zlib's crc32_combine, after zlib 1.2.12's multmodp and
 * x2nmodp; Node does not expose it). Costs a few microseconds whatever the length, where zlib.crc32 over a whole
 * 130 KB page costs about 34.
 */
const POLYNOMIAL = 0xedb88320; // reflected
const TOP_BIT = 0x80000000;

/** a(x) * b(x) modulo the polynomial, both reflected. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = TOP_BIT; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_TO_2_TO_K: number[] = [];
for (let k = 0, power = TOP_BIT >>> 1; k < 32; k += 1) {
  X_TO_2_TO_K.push(power);
  power = multiplyModP(power, power);
}

/** x^(n * 2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let power = TOP_BIT;
  for (; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) power = multiplyModP(X_TO_2_TO_K[k % 32]!, power);
  }
  return power;
}

/**
 * What moves a CRC-32 past `length` bytes: most of crc32Combine's work, and the same for every part of that length,
 * so a part that is combined again and again (a kept page's pieces) has it computed once.
 */
export function crc32ShiftFor(length: number): number {
  return xPowerModP(length, 3);
}

/** crc32Combine, with B's shift (crc32ShiftFor its length) computed beforehand. */
export function crc32CombineShifted(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return crc32CombineShifted(crcA, crcB, crc32ShiftFor(lengthB));
}
