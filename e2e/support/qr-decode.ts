/**
 * Reads a QR code back from a screenshot (PNG) for browser tests: finds the symbol's dark bounding box, samples each
 * module's centre, reads the format information (error-correction level and mask), unmasks, reads the codewords in the
 * standard zigzag order, de-interleaves the data blocks and decodes numeric, alphanumeric and byte segments. No error
 * correction: a clean screenshot needs none, and any misread fails the test loudly.
 *
 * The version tables (block counts, codeword totals, where the function patterns are) come from the `qrcode` package
 * that drew the code; the reading itself is the standard's (ISO/IEC 18004), written here.
 */
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const ECCode = require('qrcode/lib/core/error-correction-code.js') as {
  getBlocksCount(version: number, ecl: unknown): number;
  getTotalCodewordsCount(version: number, ecl: unknown): number;
};
const ECLevel = require('qrcode/lib/core/error-correction-level.js') as Record<'L' | 'M' | 'Q' | 'H', { bit: number }>;
const FormatInfo = require('qrcode/lib/core/format-info.js') as { getEncodedBits(ecl: unknown, mask: number): number };
const Utils = require('qrcode/lib/core/utils.js') as { getSymbolTotalCodewords(version: number): number };

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** The module matrix (true = dark) of the QR code in an image (PNG, or anything sharp reads). */
export async function readModules(png: Buffer): Promise<boolean[][]> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const image = { width: info.width, height: info.height };
  const dark = (x: number, y: number) => data[(image.width * y + x) * info.channels]! < 128;
  let top = image.height;
  let left = image.width;
  let bottom = -1;
  let right = -1;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (!dark(x, y)) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (bottom < 0) throw new Error('no QR code in the image');
  // The top-left finder pattern is 7 modules wide: its dark run on the first row gives the module size.
  let run = 0;
  while (dark(left + run, top)) run += 1;
  const moduleSize = run / 7;
  const size = Math.round((right - left + 1) / moduleSize);
  if ((size - 17) % 4 !== 0) throw new Error(`odd QR size ${size}`);
  const step = (right - left + 1) / size;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => dark(Math.floor(left + (col + 0.5) * step), Math.floor(top + (row + 0.5) * step))),
  );
}

/** The text of a QR module matrix (see module docs). */
export function decodeModules(modules: boolean[][]): string {
  const size = modules.length;
  const version = (size - 17) / 4;
  // Format information: 15 bits around the top-left finder (bit i at the positions the standard gives).
  let format = 0;
  for (let i = 0; i < 15; i += 1) {
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    if (modules[row]![8]) format |= 1 << i;
  }
  const levels = [ECLevel.L, ECLevel.M, ECLevel.Q, ECLevel.H];
  let found: { ecl: { bit: number }; mask: number } | undefined;
  for (const ecl of levels) for (let mask = 0; mask < 8; mask += 1) if (FormatInfo.getEncodedBits(ecl, mask) === format) found = { ecl, mask };
  if (!found) throw new Error('format information not readable');
  // Function patterns of this version: the reserved modules of any symbol of the same version.
  const reserved = QRCode.create('0', { version, errorCorrectionLevel: 'L' }).modules as unknown as { reservedBit: Uint8Array };
  const isReserved = (r: number, c: number) => reserved.reservedBit[r * size + c] === 1;
  // Codewords in zigzag order, right to left in column pairs, skipping the vertical timing column.
  const bits: number[] = [];
  let upward = true;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col -= 1;
    for (let n = 0; n < size; n += 1) {
      const row = upward ? size - 1 - n : n;
      for (let c = 0; c < 2; c += 1) {
        if (isReserved(row, col - c)) continue;
        const value = modules[row]![col - c]! !== MASKS[found.mask]!(row, col - c);
        bits.push(value ? 1 : 0);
      }
    }
    upward = !upward;
  }
  const total = Utils.getSymbolTotalCodewords(version);
  const codewords = Array.from({ length: total }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  // De-interleave the data codewords of the blocks.
  const blocks = ECCode.getBlocksCount(version, found.ecl);
  const dataTotal = total - ECCode.getTotalCodewordsCount(version, found.ecl);
  const group2 = total % blocks;
  const group1 = blocks - group2;
  const small = Math.floor(dataTotal / blocks);
  const sizes = Array.from({ length: blocks }, (_, b) => (b < group1 ? small : small + 1));
  const perBlock: number[][] = sizes.map(() => []);
  let index = 0;
  for (let i = 0; i < small + 1; i += 1) {
    for (let b = 0; b < blocks; b += 1) if (i < sizes[b]!) perBlock[b]!.push(codewords[index++]!);
  }
  const data = perBlock.flat();
  // Segments.
  let bit = 0;
  const read = (n: number) => {
    let value = 0;
    for (let i = 0; i < n; i += 1) {
      const byte = data[(bit >> 3)] ?? 0;
      value = (value << 1) | ((byte >> (7 - (bit & 7))) & 1);
      bit += 1;
    }
    return value;
  };
  const band = version < 10 ? 0 : version < 27 ? 1 : 2;
  const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  let text = '';
  for (;;) {
    if (bit + 4 > data.length * 8) break;
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 1) {
      let count = read([10, 12, 14][band]!);
      while (count >= 3) {
        text += String(read(10)).padStart(3, '0');
        count -= 3;
      }
      if (count === 2) text += String(read(7)).padStart(2, '0');
      if (count === 1) text += String(read(4));
    } else if (mode === 2) {
      let count = read([9, 11, 13][band]!);
      while (count >= 2) {
        const pair = read(11);
        text += ALNUM[Math.floor(pair / 45)]! + ALNUM[pair % 45]!;
        count -= 2;
      }
      if (count === 1) text += ALNUM[read(6)]!;
    } else if (mode === 4) {
      const count = read([8, 16, 16][band]!);
      text += Buffer.from(Array.from({ length: count }, () => read(8))).toString('utf8');
    } else {
      throw new Error(`unsupported QR segment mode ${mode}`);
    }
  }
  return text;
}

/** The text of the QR code in a PNG screenshot. */
export async function decodeQrPng(png: Buffer): Promise<string> {
  return decodeModules(await readModules(png));
}
