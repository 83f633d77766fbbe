import { describe, expect, it } from 'vitest';
import {
  assertMediaGuide,
  checkMediaCount,
  checkMediaFile,
  clampRotation,
  clampZoom,
  CROP_ROTATION_MAX,
  CROP_ROTATION_MIN,
  CROP_ZOOM_MAX,
  CROP_ZOOM_MIN,
  CROP_ZOOM_STEP,
  DEFAULT_CROP_SIZE,
  DEFAULT_MEDIA_GUIDE,
  fileExtension,
  imageManagerAction,
  imageManagerUpdateBody,
  mediaTypeOf,
  mediaTypeOfItem,
  parseCropSize,
  parseKeywords,
  prefixClashingName,
  RESOLUTION_TOLERANCE_PX,
  sanitizeFileName,
  THUMBNAIL_GUIDE,
  type MediaFileFacts,
} from './media.js';

const MB = 1024 * 1024;
const image = (over: Partial<MediaFileFacts> = {}): MediaFileFacts => ({
  name: 'hero.png',
  sizeBytes: MB,
  kind: 'image',
  width: 1920,
  height: 1080,
  readable: true,
  ...over,
});
const video = (over: Partial<MediaFileFacts> = {}): MediaFileFacts => ({
  name: 'intro.mp4',
  sizeBytes: 4 * MB,
  kind: 'video',
  width: 1920,
  height: 1080,
  readable: true,
  ...over,
});

describe('default media guide (spec 000 §5)', () => {
  it('is image ≤ 2MB jpg/jpeg/png at 1920x1080 and video ≤ 5MB mp4 at 1920x1080, 16:9', () => {
    expect(DEFAULT_MEDIA_GUIDE.image).toEqual({
      formats: ['jpg', 'jpeg', 'png'],
      maxSizeMB: 2,
      width: 1920,
      height: 1080,
    });
    expect(DEFAULT_MEDIA_GUIDE.video).toEqual({
      formats: ['mp4'],
      maxSizeMB: 5,
      width: 1920,
      height: 1080,
      aspectRatio: '16:9',
    });
  });

  it('thumbnails are jpg/png/jpeg up to 1MB (spec 001 §5.1)', () => {
    expect(THUMBNAIL_GUIDE.image).toEqual({ formats: ['jpg', 'jpeg', 'png'], maxSizeMB: 1 });
    expect(THUMBNAIL_GUIDE.video).toBeUndefined();
  });

  it('raises an error when required props are missing', () => {
    expect(() => assertMediaGuide(DEFAULT_MEDIA_GUIDE)).not.toThrow();
    expect(() => assertMediaGuide(undefined)).toThrow(/guide is required/);
    expect(() => assertMediaGuide({ maxCount: 1 })).toThrow(/image or a video/);
    expect(() => assertMediaGuide({ image: { maxSizeMB: 1 }, maxCount: 1 })).toThrow(/image.formats/);
    expect(() => assertMediaGuide({ image: { formats: ['png'] }, maxCount: 1 })).toThrow(/image.maxSizeMB/);
    expect(() => assertMediaGuide({ image: { formats: ['png'], maxSizeMB: 1 } })).toThrow(/maxCount/);
    expect(() => assertMediaGuide({ image: { formats: ['png'], maxSizeMB: 1, width: 10 }, maxCount: 1 })).toThrow(
      /both width and height/,
    );
    expect(() =>
      assertMediaGuide({ video: { formats: ['mp4'], maxSizeMB: 1, aspectRatio: 'wide' }, maxCount: 1 }),
    ).toThrow(/aspectRatio/);
  });
});

describe('checkMediaFile', () => {
  it('accepts a file that meets the guide', () => {
    expect(checkMediaFile(image(), DEFAULT_MEDIA_GUIDE)).toEqual([]);
    expect(checkMediaFile(image({ name: 'HERO.JPEG' }), DEFAULT_MEDIA_GUIDE)).toEqual([]);
    expect(checkMediaFile(video(), DEFAULT_MEDIA_GUIDE)).toEqual([]);
  });

  it('checks the format by extension and kind', () => {
    expect(checkMediaFile(image({ name: 'hero.gif' }), DEFAULT_MEDIA_GUIDE)).toEqual(['invalidFormat']);
    expect(checkMediaFile(image({ name: 'hero' }), DEFAULT_MEDIA_GUIDE)).toEqual(['invalidFormat']);
    expect(checkMediaFile(video(), THUMBNAIL_GUIDE)).toEqual(['invalidFormat']);
  });

  it('checks the size limit in MB, inclusive', () => {
    expect(checkMediaFile(image({ sizeBytes: 2 * MB }), DEFAULT_MEDIA_GUIDE)).toEqual([]);
    expect(checkMediaFile(image({ sizeBytes: 2 * MB + 1 }), DEFAULT_MEDIA_GUIDE)).toEqual(['invalidSize']);
    expect(checkMediaFile(image({ sizeBytes: MB + 1, width: 10, height: 10 }), THUMBNAIL_GUIDE)).toEqual([
      'invalidSize',
    ]);
    expect(checkMediaFile(video({ sizeBytes: 5 * MB + 1 }), DEFAULT_MEDIA_GUIDE)).toEqual(['invalidSize']);
  });

  it('allows the resolution to differ by up to 20 pixels each way', () => {
    expect(RESOLUTION_TOLERANCE_PX).toBe(20);
    expect(checkMediaFile(image({ width: 1940, height: 1060 }), DEFAULT_MEDIA_GUIDE)).toEqual([]);
    expect(checkMediaFile(image({ width: 1941 }), DEFAULT_MEDIA_GUIDE)).toEqual(['invalidResolution']);
    expect(checkMediaFile(image({ height: 1059 }), DEFAULT_MEDIA_GUIDE)).toEqual(['invalidResolution']);
    // A guide without a resolution takes any.
    expect(checkMediaFile(image({ width: 37, height: 5000 }), THUMBNAIL_GUIDE)).toEqual([]);
  });

  it('checks the aspect ratio of videos only', () => {
    const anySize = { ...DEFAULT_MEDIA_GUIDE, video: { formats: ['mp4'], maxSizeMB: 5, aspectRatio: '16:9' } };
    expect(checkMediaFile(video({ width: 1280, height: 720 }), anySize)).toEqual([]);
    expect(checkMediaFile(video({ width: 1280, height: 1280 }), anySize)).toEqual(['invalidAspectRatio']);
    expect(checkMediaFile(video({ width: 1080, height: 1920 }), DEFAULT_MEDIA_GUIDE)).toEqual([
      'invalidResolution',
      'invalidAspectRatio',
    ]);
    const square = { image: { formats: ['png'], maxSizeMB: 1 }, maxCount: 1 };
    expect(checkMediaFile(image({ width: 100, height: 900 }), square)).toEqual([]);
  });

  it('reports an unreadable file as invalidFile and skips the pixel checks', () => {
    expect(checkMediaFile(image({ readable: false, width: null, height: null }), DEFAULT_MEDIA_GUIDE)).toEqual([
      'invalidFile',
    ]);
    expect(checkMediaFile(image({ name: 'x.txt', sizeBytes: 3 * MB, readable: false }), DEFAULT_MEDIA_GUIDE)).toEqual([
      'invalidFormat',
      'invalidSize',
      'invalidFile',
    ]);
  });
});

describe('checkMediaCount', () => {
  it('refuses more files than maxCount', () => {
    const guide = { ...DEFAULT_MEDIA_GUIDE, maxCount: 2 };
    expect(checkMediaCount(0, guide)).toBeNull();
    expect(checkMediaCount(2, guide)).toBeNull();
    expect(checkMediaCount(3, guide)).toBe('maxCountReached');
  });
});

describe('prefixClashingName', () => {
  it('keeps a free name and prefixes a clashing one with the first free number', () => {
    expect(prefixClashingName('a.png', [])).toBe('a.png');
    expect(prefixClashingName('a.png', ['a.png'])).toBe('1_a.png');
    expect(prefixClashingName('a.png', ['a.png', '1_a.png'])).toBe('2_a.png');
    expect(prefixClashingName('a.png', ['a.png', '2_a.png'])).toBe('1_a.png');
    expect(prefixClashingName('A.PNG', ['a.png'])).toBe('1_A.PNG');
  });
});

describe('file names and types', () => {
  it('sanitises names', () => {
    expect(sanitizeFileName('my photo (1).png')).toBe('my_photo_1_.png');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\pics\\café.JPG')).toBe('cafe.JPG');
    expect(sanitizeFileName('...')).toBe('file');
    const long = sanitizeFileName(`${'a'.repeat(300)}.jpeg`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('.jpeg')).toBe(true);
  });

  it('reads extensions from names and URLs', () => {
    expect(fileExtension('a.b.PNG')).toBe('png');
    expect(fileExtension('/files/media/x.mp4?v=1#t')).toBe('mp4');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
  });

  it('tells image, gif and video apart (spec 000 §3)', () => {
    expect(mediaTypeOf('png')).toBe('image');
    expect(mediaTypeOf('.JPG')).toBe('image');
    expect(mediaTypeOf('gif')).toBe('gif');
    expect(mediaTypeOf('mp4')).toBe('video');
    expect(mediaTypeOfItem({ url: '/x/a.mp4' })).toBe('video');
    expect(mediaTypeOfItem({ url: '/x/a', file_ext: 'gif' })).toBe('gif');
    expect(mediaTypeOfItem({ url: '/x/a.png', type: 'video' })).toBe('video');
  });

  it('parses keywords', () => {
    expect(parseKeywords(' veg, Lunch ,,veg ,lunch')).toEqual(['veg', 'Lunch']);
    expect(parseKeywords(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(parseKeywords(undefined)).toEqual([]);
    expect(imageManagerUpdateBody.parse({ keywords: 'x, y', version: 1 }).keywords).toEqual(['x', 'y']);
    expect(imageManagerUpdateBody.safeParse({ keywords: 'x'.repeat(51), version: 1 }).success).toBe(false);
  });
});

describe('image cropper constants (spec 001 §9)', () => {
  it('has zoom 0.1–10 step 0.01, rotation 0–360, default size 200', () => {
    expect([CROP_ZOOM_MIN, CROP_ZOOM_MAX, CROP_ZOOM_STEP]).toEqual([0.1, 10, 0.01]);
    expect([CROP_ROTATION_MIN, CROP_ROTATION_MAX]).toEqual([0, 360]);
    expect(DEFAULT_CROP_SIZE).toBe(200);
  });

  it('clamps zoom and rotation and validates the width', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(25)).toBe(10);
    expect(clampZoom(1.234)).toBeCloseTo(1.23, 10);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampRotation(-5)).toBe(0);
    expect(clampRotation(400)).toBe(360);
    expect(parseCropSize('200')).toBe(200);
    expect(parseCropSize('12.5')).toBeNull();
    expect(parseCropSize('')).toBeNull();
    expect(parseCropSize(0)).toBeNull();
    expect(parseCropSize(99999)).toBeNull();
  });
});

describe('image manager actions', () => {
  it('maps actions to pages and guides', () => {
    expect(imageManagerAction('restaurant').pages).toEqual(['restaurant']);
    expect(imageManagerAction('restaurant').valueIsFoodcourt).toBe(true);
    expect(imageManagerAction('sub_menu').pages).toContain('subMenuManagement');
    expect(imageManagerAction('sub_menu').guide).toBe(THUMBNAIL_GUIDE);
    expect(imageManagerAction('banners').pages).toEqual(['bannerPrograms', 'foodpic_dashboard']);
    expect(imageManagerAction('media').pages).toEqual(['foodpic_dashboard']);
    expect(imageManagerAction('media').guide.image?.formats).toContain('gif');
    expect(imageManagerAction('constructor').pages).toEqual(['foodpic_dashboard']);
  });
});
