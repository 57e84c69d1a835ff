import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../support/navigation';
import { makePng } from '../support/images';
import { registerViaApi, uniqueUser } from '../support/users';
import { channelWithVideos, currentUserId, makeClip, uploadVideo, waitUntilReady } from '../support/videos';

/**
 * Languages (API.md §21, docs/languages.md): a French browser gets pages rendered in French with
 * <html lang="fr">, hydrated with no mismatch; the language menu stores the choice in the `lang`
 * cookie and the account; the en-XA pseudo-locale (accented, 40 % longer) overflows no box on the
 * main pages at 768 and 1024 px.
 */

/** React's hydration complaints and any page error, collected from the console. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|mismatch/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Elements whose own text is cut or spills out of their box (wider content than the box, with no scrolling meant). */
function overflowing(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('#root *'))
      .filter((el) => {
        if (!el.offsetParent || !Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
          return false;
        const style = getComputedStyle(el);
        // A box meant to cut its text (an ellipsis or clamped lines) shows it was too long by design.
        if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') return false;
        // Visually hidden texts (screen readers only) have a 1 px box by design.
        if (el.clientWidth <= 1 || style.clipPath !== 'none' || style.clip !== 'auto') return false;
        return el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'auto' && style.overflowX !== 'scroll';
      })
      .map((el) => `${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 60)}`),
  );
}

test.describe('languages', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a French browser: sign up, upload, watch and comment in French, then back to English from the menu', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const page = await context.newPage();
    const errors = hydrationErrors(page);

    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');

    // Sign up through the French form.
    const user = uniqueUser('fr');
    await page.goto('/?view=register');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
    await page.getByLabel('Nom complet').fill(user.fullname);
    await page.getByLabel('Nom d’utilisateur').fill(user.username);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByLabel('Confirmer le mot de passe').fill(user.password);
    await expect(page.getByText('✓ Les mots de passe correspondent')).toBeVisible();
    await page.getByLabel('Avatar').setInputFiles(makePng());
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const videoId = await uploadVideo(page, 'Vidéo en français');
    await waitUntilReady(page, await currentUserId(page), [videoId]);

    await page.goto(`/video/watch/${videoId}`);
    await waitForHydration(page);
    const comments = page.getByRole('region', { name: /^\d+ commentaires?$/ });
    await expect(comments.getByRole('heading', { name: '0 commentaire' })).toBeVisible();
    await expect(comments.getByLabel('Trier par')).toBeVisible();
    // Served in French by the server itself, before any script.
    const html = await (
      await page.request.get(`/video/watch/${videoId}`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })
    ).text();
    expect(html).toMatch(/<html[^>]* lang="fr"/);
    // The player's texts and the comments' heading: the page is whole in the server's HTML.
    expect(html).toContain('Mode cinéma');
    expect(html).toContain('0 commentaire');

    await comments.getByRole('textbox', { name: 'Ajouter un commentaire' }).fill('Bonjour à tous');
    await comments.getByRole('button', { name: 'Commenter', exact: true }).click();
    await expect(comments.getByRole('heading', { name: '1 commentaire' })).toBeVisible();
    expect(errors).toEqual([]);

    // The menu: cookie for a year, stored in the account, and the page in English at once.
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: '1 Comment' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('en');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 86400);
    // Back to French: stored for the account (its mail follows it), kept across pages.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: '1 commentaire' })).toBeVisible();
    await context.close();
  });

  test('French by the lang cookie: sign up, upload through the form, buy an exclusive video (prices through Intl) and watch it', async ({
    browser,
    baseURL,
  }) => {
    const creator = await channelWithVideos(browser, baseURL!, [
      { title: 'Trésor payant', clip: { seconds: 2, width: 320, height: 180, audio: false }, exclusive: { price: 5 } },
    ]);
    const paid = creator.videoIds[0]!;
    // An English browser: the cookie alone chooses French.
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    await context.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
    const page = await context.newPage();
    const errors = hydrationErrors(page);

    // Sign up.
    const user = uniqueUser('frc');
    await page.goto('/?view=register');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
    await expect(page.getByText('Vous avez déjà un compte ?')).toBeVisible();
    await page.getByLabel('Nom complet').fill(user.fullname);
    await page.getByLabel('Nom d’utilisateur').fill(user.username);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByLabel('Confirmer le mot de passe').fill(user.password);
    await page.getByLabel('Avatar').setInputFiles(makePng());
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const me = (await (await page.request.get('/api/users/me')).json()) as { data: { username: string } };
    expect(me.data.username).toBe(user.username.toLowerCase());

    // Upload through the French form, a clip made by ffmpeg.
    await page.goto('/video/new');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Mettre en ligne une vidéo', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Mettre en ligne une vidéo · StreamHub');
    await page.getByLabel('Titre', { exact: true }).fill('Ma vidéo du dimanche');
    await page.getByLabel('Description', { exact: true }).fill('Un motif de test généré.');
    await expect(page.getByRole('switch', { name: 'Vidéo exclusive' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Réservée aux membres' })).toBeVisible();
    await expect(page.getByLabel('Programmer')).toBeVisible();
    await page.getByLabel('Fichier vidéo').setInputFiles(makeClip({ seconds: 2, width: 320, height: 180, audio: false }));
    await page.getByLabel('Miniature', { exact: true }).setInputFiles(makePng());
    await expect(page.getByRole('img', { name: 'Aperçu de la miniature' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choisir une image de la vidéo' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('upload-fr.png'), fullPage: true });
    // A missing field is refused in French.
    await page.getByLabel('Titre', { exact: true }).fill(' ');
    await page.getByRole('button', { name: 'Mettre en ligne', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Le titre est obligatoire');
    await page.getByLabel('Titre', { exact: true }).fill('Ma vidéo du dimanche');
    await page.getByRole('button', { name: 'Mettre en ligne', exact: true }).click();
    await expect(page).toHaveURL(/\/videos$/, { timeout: 60_000 });
    await expect(page.getByText('Vidéo mise en ligne')).toBeVisible();
    await expect(page.getByText(/Mises en ligne : 1\/\d+/)).toBeVisible();

    // Buy the creator's exclusive video: the buy page, the price in French (5 $US), the confirmation (5 ₹).
    await page.goto(`/video/watch/${paid}`);
    await expect(page).toHaveURL(`/video/buy/${paid}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Trésor payant', level: 1 })).toBeVisible();
    await expect(page.getByText('Vidéo exclusive')).toBeVisible();
    await expect(page.getByText('Achetez cette vidéo une fois et regardez-la quand vous voulez.')).toBeVisible();
    await expect(page.getByText(/^0 vue · /)).toBeVisible();
    await page.getByRole('button', { name: /^Acheter pour 5\s\$US$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Acheter la vidéo ?' });
    await expect(confirm).toContainText(/Acheter « Trésor payant » pour 5\s₹ \?/);
    await confirm.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Vidéo achetée')).toBeVisible();
    await expect(page).toHaveURL(`/video/watch/${paid}`);
    await expect(page.getByTestId('video-player')).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(
        () =>
          page
            .locator('video')
            .first()
            .evaluate((v: HTMLVideoElement) => v.readyState),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);

    // The purchase history in French, the price through Intl.
    await page.goto('/purchases');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Historique des achats', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vidéos achetées' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Trésor payant' })).toContainText(/5\s\$US/);
    expect(errors).toEqual([]);
    await context.close();
    await creator.close();
  });

  for (const width of [768, 1024]) {
    test(`the pseudo-locale overflows no box on the main pages at ${width} px`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      await context.addCookies([{ name: 'lang', value: 'en-XA', url: baseURL! }]);
      const page = await context.newPage();
      const errors = hydrationErrors(page);
      await registerViaApi(page, uniqueUser('xa'));
      const videoId = await uploadVideo(page, 'Pseudo');
      await waitUntilReady(page, await currentUserId(page), [videoId]);
      const creator = await channelWithVideos(
        browser,
        baseURL!,
        [{ title: 'Pseudo paid', clip: { seconds: 2, width: 320, height: 180, audio: false }, exclusive: { price: 5 } }],
        'xapaid',
      );
      const buyPath = `/video/buy/${creator.videoIds[0]}`;
      // The watch page last: its comments are checked below.
      const paths = ['/', '/home', '/video/new', `/channel/${creator.id}`, buyPath, `/video/watch/${videoId}`];
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
        // The buy page itself (not a redirect), its price button drawn.
        if (path === buyPath) await expect(page.getByRole('button', { name: /\$5/ })).toBeVisible();
        expect(await overflowing(page), `${path} at ${width} px`).toEqual([]);
      }
      // The comments come into view (they render as they near the screen), and overflow nothing either.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.getByRole('heading', { name: /Çöɱɱéñţš/ })).toBeVisible();
      expect(await overflowing(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
      await creator.close();
    });
  }
});
