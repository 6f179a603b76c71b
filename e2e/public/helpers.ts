/**
 * Helpers for the public-site browser tests: the page list, the mail outbox of the server under test, and posting the
 * contact form from a chosen loopback address (the per-IP limit counts addresses apart).
 */
import http from 'node:http';
import { expect } from '@playwright/test';
import { outboxMessages } from '../support/outbox';

/** Every marketing page (no hydration) with its h1. */
export const MARKETING_PAGES = [
  { path: '/', h1: /Trusted Collision Repair/ },
  { path: '/about', h1: 'About Our Shop' },
  { path: '/services', h1: 'Our Services' },
  { path: '/services/collision-repair', h1: 'Collision Repair' },
  { path: '/services/paint-refinish', h1: 'Paint & Refinish' },
  { path: '/services/custom-paint', h1: 'Custom Paint & Unique Projects' },
  { path: '/services/paintless-dent-repair', h1: 'Paintless Dent Repair' },
  { path: '/services/bedliners-accessories', h1: 'Spray-In Bedliners & Accessories' },
  { path: '/services/light-mechanical', h1: 'Light Mechanical Repairs' },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/repair-gallery', h1: 'Repair Gallery' },
  { path: '/financing', h1: 'Financing' },
] as const;

/** Waits (the worker runs every few seconds) until an e-mail containing `text` was delivered to the outbox. */
export async function expectMailContaining(text: string) {
  await expect.poll(() => outboxMessages().some((raw) => raw.includes(text)), { timeout: 20_000 }).toBe(true);
}

/** Posts the contact form as a browser without JavaScript would, from `localAddress` (a 127.x.y.z address). */
export function postContact(baseURL: string, localAddress: string, form: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL('/contact', baseURL);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Origin: url.origin },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A random loopback address other than 127.0.0.1. */
export const randomLoopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
