import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectAccessible } from '../support/axe';
import { uniqueUser } from '../support/users';
import { makePng } from '../support/images';

/**
 * The Security page (docs/accounts.md): two factors set up from the QR code's key, recovery codes
 * shown once; a passkey added through Chromium's virtual authenticator (the DevTools protocol's
 * WebAuthn domain) signs in with no password; "Sign out everywhere" ends the session.
 * WebAuthn refuses an IP address as the site's id, so this spec runs on `localhost`.
 */
test.describe('security page', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ bypassCSP: true });

  test('two factors from the QR key, a passkey that signs in, and sign out everywhere', async ({ page, baseURL }) => {
    const site = baseURL!.replace('127.0.0.1', 'localhost');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // A signed-out visitor is sent to sign in by the server.
    const signedOut = await page.request.get(`${site}/account/security`, { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers().location).toBe('/?next=%2Faccount%2Fsecurity');

    await page.goto(`${site}/`);
    const user = uniqueUser('secure');
    const registered = await page.request.post(`${site}/api/users/register`, {
      multipart: {
        fullname: user.fullname,
        username: user.username,
        email: user.email,
        password: user.password,
        avatar: { name: 'avatar.png', mimeType: 'image/png', buffer: fs.readFileSync(makePng()) },
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto(`${site}/account`);
    await page.getByRole('link', { name: 'Security: password, two-factor, passkeys' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
    await expectAccessible(page, 'security page');

    // Two factors: the QR code, its key, a code from it, then the 10 recovery codes once.
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.locator('code').first().textContent())!.trim();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeVisible();

    // A passkey, made by the virtual authenticator.
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop')).toBeVisible();
    await expectAccessible(page, 'security page with two factors and a passkey');

    // Sign out everywhere: back at sign-in, the session gone.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect((await page.request.get(`${site}/api/users/me`)).status()).toBe(401);

    // The passkey signs in with no password and no code.
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).not.toHaveURL(/\/\?/);
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
    const me = await page.request.get(`${site}/api/users/me`);
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { data: { username: string } }).data.username).toBe(user.username);
  });
});
