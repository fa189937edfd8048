import { describe, expect, it } from 'vitest';
import { resizeImage } from './image';

describe('resizeImage', () => {
  it.each([
    [
      'https://cdn.example.com/a.jpg',
      200,
      undefined,
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_200',
    ],
    [
      'https://cdn.example.com/a.jpg',
      200,
      100,
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_200,h_100',
    ],
    ['/uploads/a.png?v=3', 120.4, undefined, '/uploads/a.png?v=3&x-oss-process=image/resize,w_120'],
    [
      'https://cdn.example.com/a.jpg#frag',
      80,
      80,
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_80,h_80#frag',
    ],
    ['data:image/png;base64,AAAA', 200, undefined, 'data:image/png;base64,AAAA'],
    ['blob:https://m.example.com/123', 200, undefined, 'blob:https://m.example.com/123'],
    [
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_50',
      200,
      undefined,
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_50',
    ],
    ['', 200, undefined, ''],
  ])('%s at %s×%s', (url, width, height, expected) => {
    expect(resizeImage(url, width, height)).toBe(expected);
  });
});
