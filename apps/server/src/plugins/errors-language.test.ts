import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage } from '../../test/support.ts';

/**
 * The error envelope in the reader's language (docs/languages.md, "The server's error texts"):
 * the `lang` cookie, else Accept-Language, else DEFAULT_LOCALE; English, byte for byte, without them.
 */
const ctx = await createTestContext();
const { app } = ctx;
const json = (body: unknown) => JSON.stringify(body);

type Call = { method: 'GET' | 'POST'; url: string; cookie?: string; payload?: string | Buffer; headers?: Record<string, string> };

type Language = { cookie?: string; 'accept-language'?: string };

async function answer(call: Call, language: Language = {}) {
  const cookie = [call.cookie, language.cookie].filter(Boolean).join('; ');
  return app.inject({
    method: call.method,
    url: call.url,
    payload: call.payload,
    headers: {
      ...call.headers,
      ...(cookie ? { cookie } : {}),
      ...(language['accept-language'] ? { 'accept-language': language['accept-language'] } : {}),
    },
  });
}

describe('error texts in the request’s language', async () => {
  const user = await registerUser(ctx);
  const loginJson = { 'content-type': 'application/json' };
  const duplicate = multipart(
    { fullname: 'Copy', username: user.username, email: `other${user.email}`, password: 'Passw0rd!' },
    { avatar: { data: testImage(), filename: 'a.png', type: 'image/png' } },
  );
  const cases: [string, Call, number, string, string, Record<string, unknown>?][] = [
    [
      'validation 400 (a contract message)',
      { method: 'POST', url: '/api/users/login', payload: json({ username: 'x' }), headers: loginJson },
      400,
      'Password is required',
      'Le mot de passe est obligatoire',
    ],
    [
      'validation 400 (a path id)',
      { method: 'POST', url: '/api/purchase/buy/video/nope', cookie: user.cookie },
      400,
      'Invalid id',
      'Identifiant invalide',
    ],
    [
      '401',
      { method: 'GET', url: '/api/admin/audit' },
      401,
      'Sign in to continue',
      'Connectez-vous pour continuer',
      { reason: 'signin' },
    ],
    [
      '403',
      { method: 'GET', url: '/api/admin/audit', cookie: user.cookie },
      403,
      'Only staff can do this',
      'Seule l’équipe de modération peut faire cela',
    ],
    [
      '404',
      { method: 'POST', url: `/api/purchase/buy/video/${randomUUID()}`, cookie: user.cookie },
      404,
      'Video not found',
      'Vidéo introuvable',
    ],
    [
      'a refusal tus writes (the uploads route wraps it)',
      { method: 'POST', url: '/api/uploads/', cookie: user.cookie, headers: { 'tus-resumable': '1.0.0' } },
      400,
      'Upload-Length or Upload-Defer-Length header required',
      'L’en-tête Upload-Length ou Upload-Defer-Length est obligatoire',
    ],
    [
      '409',
      { method: 'POST', url: '/api/users/register', payload: duplicate.payload, headers: duplicate.headers },
      409,
      'User with email or username already exists',
      'Un utilisateur avec cet e-mail ou ce nom d’utilisateur existe déjà',
    ],
  ];

  it.each(cases)(
    '%s: English without a language, French with lang=fr or Accept-Language: fr',
    async (_name, call, status, english, french, extra = {}) => {
      const plain = await answer(call);
      expect(plain.statusCode).toBe(status);
      // A validation error's `details` (field, problem) stay as they are: they are for programs.
      expect(plain.json()).toMatchObject(errorEnvelope(status, english, extra));
      expect(plain.headers.vary).toMatch(/Cookie/);
      expect(plain.headers.vary).toMatch(/Accept-Language/);

      for (const language of [
        { cookie: 'lang=fr' },
        { 'accept-language': 'fr' },
        { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' },
      ]) {
        const res = await answer(call, language);
        expect(res.statusCode, JSON.stringify(language)).toBe(status);
        expect(res.json(), JSON.stringify(language)).toMatchObject(errorEnvelope(status, french, extra));
      }
      // English asked for, or a language not shipped: the English text, byte for byte.
      for (const language of [
        { cookie: 'lang=en' },
        { 'accept-language': 'en-US,en;q=0.9' },
        { 'accept-language': 'de' },
        { cookie: 'lang=en', 'accept-language': 'fr' },
      ]) {
        const res = await answer(call, language);
        expect(res.json(), JSON.stringify(language)).toMatchObject(errorEnvelope(status, english, extra));
      }
    },
  );

  it('a text with values keeps them: the field of a zod sentence, a limit', async () => {
    const call: Call = {
      method: 'POST',
      url: '/api/users/login',
      payload: json({ username: 'x', password: 7 }),
      headers: loginJson,
    };
    const english = (await answer(call)).json().message as string;
    const french = (await answer(call, { cookie: 'lang=fr' })).json().message as string;
    expect(english).toBe('Invalid password: expected string, received number');
    expect(french).toBe('password invalide : string attendu, number reçu');
  });

  it('a route the API does not have: 404 in the language, never one language’s answer to another', async () => {
    const fr = await answer({ method: 'GET', url: '/api/nope' }, { cookie: 'lang=fr' });
    const en = await answer({ method: 'GET', url: '/api/nope' });
    expect(fr.json()).toEqual(errorEnvelope(404, 'Route introuvable'));
    expect(en.json()).toEqual(errorEnvelope(404, 'Route not found'));
  });
});
