import { expect, type Locator, test } from '@playwright/test';
import { markInterest, newPerson, publishAdvert, uniqueWord } from '../data';
import { FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';

test.use({ viewport: { width: 360, height: 740 } });

/** The words of the element's text that lie on more than one line (cut inside the word). */
function wordsCutAcrossLines(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lineTops = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
        );
        if (lineTops.size > 1) cut.push(match[0]);
      }
    }
    return cut;
  });
}

test('en /intereses un nombre largo de dos palabras se parte entre palabras, y una palabra enorme no se sale de la tarjeta', async ({
  page,
  baseURL,
}) => {
  const her = await newPerson(baseURL!, { gender: 1 });
  const twoWords = await newPerson(baseURL!, {
    gender: 1,
    firstName: 'Maximiliana',
    lastName: 'Hernández',
  });
  const oneWord = await newPerson(baseURL!, {
    gender: 1,
    firstName: `Wolfeschlegelsteinhausenbergerdorff${uniqueWord().toLowerCase()}`,
  });
  const herAdvert = await publishAdvert(baseURL!, her, 'Me gustan los museos y el café de olla.');
  for (const other of [twoWords, oneWord]) {
    const advert = await publishAdvert(baseURL!, other, 'Bailo salsa los jueves en la Roma.');
    await markInterest(baseURL!, her, advert);
    await markInterest(baseURL!, other, herAdvert);
  }
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  const mutual = page.getByRole('list', { name: 'Es mutuo' }).getByRole('listitem');

  const twoWordsName = mutual.getByRole('heading', { name: twoWords.fullName });
  await expect(twoWordsName).toBeVisible();
  // At 360 px it takes two lines, cut between the two words.
  expect(await wordsCutAcrossLines(twoWordsName)).toEqual([]);

  const oneWordCard = mutual.filter({ has: page.getByRole('heading', { name: oneWord.fullName }) });
  const oneWordName = oneWordCard.getByRole('heading', { name: oneWord.fullName });
  await expect(oneWordName).toBeVisible();
  const [card, name] = [await oneWordCard.boundingBox(), await oneWordName.boundingBox()];
  expect(name!.x + name!.width).toBeLessThanOrEqual(card!.x + card!.width);
  expect(await oneWordName.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // /personas shows the newest adverts first: there too the word is cut inside its card, not the page widened.
  await page.goto('/personas?vista=todos');
  const listed = page.getByRole('list', { name: 'Anuncios' }).getByRole('heading', { name: oneWord.card });
  await expect(listed).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
