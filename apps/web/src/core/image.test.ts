import { describe, expect, it, afterEach } from 'vitest';
import { densitySrcSet, resizeImage, widthSrcSet, preloadImage } from './image';

describe('resizeImage', () => {
  it.each([
    [
      'https://cdn.example.com/a.jpg',
      200,
      undefined,
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_200/format,webp',
    ],
    [
      'https://cdn.example.com/a.jpg',
      200,
      100,
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_200,h_100/format,webp',
    ],
    [
      '/uploads/a.png?v=3',
      120.4,
      undefined,
      '/uploads/a.png?v=3&x-oss-process=image/resize,w_120/format,webp',
    ],
    [
      'https://cdn.example.com/a.jpg#frag',
      80,
      80,
      'https://cdn.example.com/a.jpg?x-oss-process=image/resize,w_80,h_80/format,webp#frag',
    ],
    ['data:image/png;base64,AAAA', 200, undefined, 'data:image/png;base64,AAAA'],
    ['blob:https://m.example.com/123', 200, undefined, 'blob:https://m.example.com/123'],
    ['/uploads/demo/banners/1.svg', 200, undefined, '/uploads/demo/banners/1.svg'],
    ['/uploads/demo/icons/a.SVG?v=2', 96, 96, '/uploads/demo/icons/a.SVG?v=2'],
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

  it('fits inside the box when asked to, rather than filling it', () => {
    expect(resizeImage('/uploads/a.jpg', 750, 563, 'inside')).toBe(
      '/uploads/a.jpg?x-oss-process=image/resize,m_lfit,w_750,h_563/format,webp',
    );
  });
});

describe('densitySrcSet', () => {
  it('offers 1×, 2× and 3× copies of a fixed-size box', () => {
    expect(densitySrcSet('/uploads/a.jpg', { width: 100, height: 100 })).toBe(
      [
        '/uploads/a.jpg?x-oss-process=image/resize,w_100,h_100/format,webp 1x',
        '/uploads/a.jpg?x-oss-process=image/resize,w_200,h_200/format,webp 2x',
        '/uploads/a.jpg?x-oss-process=image/resize,w_300,h_300/format,webp 3x',
      ].join(', '),
    );
  });

  it('has nothing to offer for pictures the store does not resize', () => {
    expect(densitySrcSet('/uploads/a.svg', { width: 100 })).toBeUndefined();
    expect(densitySrcSet('data:image/png;base64,AAAA', { width: 100 })).toBeUndefined();
  });
});

describe('widthSrcSet', () => {
  it('describes one copy per width, fitted inside a box of the given proportions', () => {
    expect(widthSrcSet('/uploads/a.jpg', [375, 750], { heightRatio: 0.75, fit: 'inside' })).toBe(
      [
        '/uploads/a.jpg?x-oss-process=image/resize,m_lfit,w_375,h_281/format,webp 375w',
        '/uploads/a.jpg?x-oss-process=image/resize,m_lfit,w_750,h_563/format,webp 750w',
      ].join(', '),
    );
    expect(widthSrcSet('/uploads/a.jpg', [640])).toBe(
      '/uploads/a.jpg?x-oss-process=image/resize,w_640/format,webp 640w',
    );
    expect(widthSrcSet('/uploads/a.svg', [640])).toBeUndefined();
  });
});

describe('preloadImage', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  });

  it('adds one high-priority image preload with the same srcset and sizes as the <img>', () => {
    const picture = {
      src: '/uploads/a.jpg?x-oss-process=image/resize,w_750/format,webp',
      srcSet: '/uploads/a.jpg?x-oss-process=image/resize,w_375/format,webp 375w',
      sizes: '100vw',
    };
    preloadImage(picture);
    preloadImage(picture);
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(picture.src);
    expect(links[0]!.getAttribute('imagesrcset')).toBe(picture.srcSet);
    expect(links[0]!.getAttribute('imagesizes')).toBe('100vw');
    expect(links[0]!.getAttribute('fetchpriority')).toBe('high');
  });

  it('preloads a picture that has no resized copies by its address alone', () => {
    preloadImage({ src: '/uploads/demo/banners/1.svg', sizes: '94vw' });
    const link = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('href')).toBe('/uploads/demo/banners/1.svg');
    expect(link?.hasAttribute('imagesrcset')).toBe(false);
  });
});
