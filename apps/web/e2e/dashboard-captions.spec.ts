import { captionLanguageNames, messages } from '@ishuri/contract';
import { toast } from './support/dashboard-data';
import { expect, test } from './support/fixtures';
import { addLesson, createCourse, shortWebm, uniqueTitle } from './support/learn-content';
import { storeToken } from './support/users';

// Captions of a video lesson (issue 14, point 4): added in the lesson's form, listed there and
// in the lesson's answer, refused when the file is not WebVTT, removed again.

const vtt = (words: string) => Buffer.from(`WEBVTT\n\n00:00.000 --> 00:01.500\n${words}\n`, 'utf8');

test('an admin adds captions to a video lesson in its form, sees them listed and removes them', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const course = await createCourse(request, adminToken, {
    title: uniqueTitle('Captioned'),
    description: 'Greetings, with captions',
    courseType: 'free',
  });
  const title = 'Greetings on camera';
  const lesson = await addLesson(request, adminToken, course.id, {
    title,
    video: await shortWebm(),
  });
  await storeToken(page, adminToken);
  await page.goto(`/dashboard/view/${course.id}`);
  await page.getByRole('button', { name: messages.editTheLesson(title) }).click();
  const dialog = page.getByRole('dialog', { name: messages.editNamed(title) });
  const captions = dialog.getByRole('region', { name: messages.captions });
  await expect(captions.getByText(messages.captionsNone)).toBeVisible();

  // A file that is not .vtt is refused before anything is sent.
  await captions.getByLabel(messages.captionsFile).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Hello'),
  });
  await expect(captions.getByText(messages.captionsNotVtt)).toBeVisible();

  // A .vtt file whose content is not WebVTT: the server's sentence is shown.
  await captions.getByLabel(messages.captionsFile).setInputFiles({
    name: 'fake.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('Hello, no header\n'),
  });
  await captions.getByRole('button', { name: messages.addCaptions }).click();
  await expect(captions.getByRole('alert')).toContainText(messages.captionsNotWebvtt);

  // Kinyarwanda, then French.
  await captions.getByLabel(messages.captionsLanguageField).selectOption('rw');
  await captions.getByLabel(messages.captionsFile).setInputFiles({
    name: 'muraho.vtt',
    mimeType: 'text/vtt',
    buffer: vtt('Muraho'),
  });
  await captions.getByRole('button', { name: messages.addCaptions }).click();
  await expect(toast(page, messages.captionsSaved)).toBeVisible();
  await expect(captions.getByRole('alert')).toHaveCount(0);
  const list = captions.getByRole('listitem');
  await expect(list).toHaveText([new RegExp(captionLanguageNames.rw)]);

  await captions.getByLabel(messages.captionsLanguageField).selectOption('fr');
  await captions.getByLabel(messages.captionsFile).setInputFiles({
    name: 'bonjour.vtt',
    mimeType: 'text/vtt',
    buffer: vtt('Bonjour'),
  });
  await captions.getByRole('button', { name: messages.addCaptions }).click();
  await expect(list).toHaveText([
    new RegExp(captionLanguageNames.fr),
    new RegExp(captionLanguageNames.rw),
  ]);

  // The lesson's answer lists them, by language code, and the file is the one sent.
  const answer = await request.get(`/api/lesson/byCourse/${course.id}`);
  const lessons = ((await answer.json()) as { data: any[] }).data;
  const tracks = lessons.find((item) => item.id === lesson.id).video.captions as Array<{
    language: string;
    url: string;
  }>;
  expect(tracks.map((track) => track.language)).toEqual(['fr', 'rw']);
  const file = await request.get(tracks[1]!.url);
  expect(file.headers()['content-type']).toBe('text/vtt; charset=utf-8');
  expect(await file.text()).toContain('Muraho');

  // Removed from the form.
  await captions
    .getByRole('button', { name: messages.removeCaptionsOf(captionLanguageNames.fr) })
    .click();
  await expect(toast(page, messages.captionsRemoved)).toBeVisible();
  await expect(list).toHaveText([new RegExp(captionLanguageNames.rw)]);
});
