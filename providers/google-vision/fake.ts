// A loopback Cloud Vision: POST /v1/images:annotate?key=... answering
// WEB_DETECTION in the v1 wire format, Google's error envelope for a bad key,
// and a per-image error (inside a 200) for bytes that are not an image.
import { createHash } from 'node:crypto';
import { startFakeServer, type Fake } from '../testing/fake.ts';

export const FAKE_GOOGLE_KEY = 'gv-test-key';

function isImage(bytes: Buffer): boolean {
  return (bytes[0] === 0x89 && bytes[1] === 0x50) || (bytes[0] === 0xff && bytes[1] === 0xd8);
}

export function startFake(): Promise<Fake> {
  return startFakeServer({
    prefix: '',
    routes: {
      'POST /v1/images:annotate': (req, _reply, res) => {
        const key = new URL(req.path, 'http://fake').searchParams.get('key');
        if (key !== FAKE_GOOGLE_KEY) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } }));
          return;
        }
        const request = req.body.requests[0];
        const feature = request.features.find((f: { type: string }) => f.type === 'WEB_DETECTION');
        const max = feature?.maxResults ?? 10;
        const bytes = Buffer.from(request.image.content, 'base64');
        res.writeHead(200, { 'content-type': 'application/json' });
        if (!isImage(bytes)) {
          res.end(JSON.stringify({ responses: [{ error: { code: 3, message: 'Bad image data.' } }] }));
          return;
        }
        const id = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
        const similar = Array.from({ length: 12 }, (_, i) => ({ url: `https://cdn.example.net/similar/${id}-${i}.jpg` }));
        res.end(
          JSON.stringify({
            responses: [
              {
                webDetection: {
                  webEntities: [
                    { entityId: '/m/0k8z', score: 0.93, description: 'Astronaut' },
                    { entityId: '/m/05r5c', score: 0.41 },
                  ],
                  fullMatchingImages: [{ url: `https://images.example.org/${id}.png`, score: 0.9 }],
                  partialMatchingImages: [{ url: `https://images.example.org/${id}-crop.png` }],
                  pagesWithMatchingImages: [
                    { url: `https://news.example.org/${id}`, pageTitle: 'An <b>astronaut</b> &amp; a flag', fullMatchingImages: [{ url: `https://images.example.org/${id}.png` }] },
                  ],
                  visuallySimilarImages: similar.slice(0, max),
                  bestGuessLabels: [{ label: 'astronaut', languageCode: 'en' }],
                },
              },
            ],
          }),
        );
      },
    },
  });
}
