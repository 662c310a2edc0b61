// A loopback TinEye: POST /rest/search/ with a multipart image_upload and the
// key in x-api-key, answering the JSON search result (stats, matches with
// backlinks and crawl dates) or TinEye's { code, messages } error body.
import { startFakeServer, type Fake } from '../testing/fake.ts';

export const FAKE_TINEYE_KEY = 'te-test-key';

export function startFake(): Promise<Fake> {
  return startFakeServer({
    prefix: '',
    routes: {
      'POST /rest/search/': (req, _reply, res) => {
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.headers['x-api-key'] !== FAKE_TINEYE_KEY) return json(401, { code: 401, messages: ['Invalid API key.'], results: {} });
        const text = typeof req.body === 'string' ? req.body : '';
        if (!/name="image_upload"/.test(text)) return json(400, { code: 400, messages: ['Missing image_upload or image_url.'], results: {} });
        const limit = Number(/name="limit"\r\n\r\n(\d+)/.exec(text)?.[1] ?? 100);
        // An image too plain to fingerprint is refused inside a 200, as TinEye does.
        if (!/PNG\r\n|JFIF|Exif/.test(text)) return json(200, { code: 400, messages: ['The image is too simple to find matches.'], results: {} });
        const matches = [
          {
            image_url: 'https://news.example.org/img/lighthouse.jpg',
            domain: 'news.example.org',
            score: 98.2,
            query_match_percent: 100,
            width: 1200,
            height: 800,
            backlinks: [
              { url: 'https://news.example.org/img/lighthouse.jpg', backlink: 'https://news.example.org/2025/03/storm', crawl_date: '2025-03-14', image_name: 'lighthouse.jpg' },
              { url: 'https://news.example.org/img/lighthouse.jpg', backlink: 'https://news.example.org/archive', crawl_date: '2025-05-02', image_name: 'lighthouse.jpg' },
            ],
          },
          {
            image_url: 'https://blog.example.com/crop.jpg',
            domain: 'blog.example.com',
            score: 61.5,
            query_match_percent: 42,
            width: 400,
            height: 300,
            backlinks: [{ url: 'https://blog.example.com/crop.jpg', backlink: 'https://blog.example.com/post/7', crawl_date: '2024-11-30', image_name: 'crop.jpg' }],
          },
        ].slice(0, limit);
        json(200, {
          code: 200,
          messages: [],
          stats: { timestamp: '1700000000.0', query_time: '0.8', total_backlinks: 3, total_results: 2, total_filtered_results: 2, total_stock: 0, total_collection: 0 },
          results: { matches },
        });
      },
    },
  });
}
