/**
 * The pictures the pages show, made by gatsby-plugin-image's resolver: each brand's app screenshot and
 * every hero creative, the defaults rendered from their SVG in the brand's colours first.
 */
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { createFileNodeFromBuffer } from 'gatsby-source-filesystem';
import {
  defaultCreativeName,
  HERO_ASPECT_RATIO,
  HERO_AVIF_MEDIA,
  HERO_AVIF_WIDTH,
  HERO_SIZES,
  HERO_WIDTHS,
} from '../../src/domain/creatives';
import type { Landing } from '../../src/domain/landings';
import type { Brand } from '../../src/domain/links';
import type { ProcessedPicture, ResponsivePicture } from '../../src/domain/page-context';
import { defaultCreativesInUse } from '../../tables/hero-creatives';
import type { Tables } from '../../tables/load';
import { renderDefaultCreative } from './hero-rasters';

/** gatsby-config sources data/creatives/ under this name: the creatives the tables name. */
const TABLE_CREATIVES_SOURCE = 'creatives';

type Reporter = Parameters<NonNullable<GatsbyNode['createPages']>>[0]['reporter'];
type SourceArgs = Parameters<NonNullable<GatsbyNode['sourceNodes']>>[0];

/**
 * The default creatives the landings show, each rendered from its SVG in the brand's colours, become File
 * nodes the image pipeline processes like any picture (see heroPictures).
 */
export async function sourceDefaultCreatives(
  { actions, createNodeId, getCache, cache }: SourceArgs,
  landings: readonly Landing[],
  tables: Tables,
): Promise<void> {
  const cacheDir = path.join(cache.directory, 'hero-renders');
  await Promise.all(
    defaultCreativesInUse(landings, tables).map(async ({ brand, family }) => {
      const { buffer, hash } = await renderDefaultCreative(brand, family, cacheDir);
      await createFileNodeFromBuffer({
        buffer,
        hash,
        name: defaultCreativeName(brand, family),
        ext: '.png',
        getCache,
        createNode: actions.createNode,
        createNodeId,
      });
    }),
  );
}

type GraphQl = Parameters<NonNullable<GatsbyNode['createPages']>>[0]['graphql'];

/**
 * Each brand's app screenshot (src/images/app-<brand>.png), sized by gatsby-plugin-image's resolver:
 * WebP and the original format, 1× and 2× of 220 px. AVIF is left out: it is slow to encode, so it
 * would weigh on every cold build for a picture below the fold that WebP already makes small.
 */
export async function appPictures(graphql: GraphQl, reporter: Reporter): Promise<Partial<Record<Brand, ResponsivePicture>>> {
  const result = await graphql<{
    allFile: { nodes: { name: string; childImageSharp: { gatsbyImageData: ResponsivePictureData } | null }[] };
  }>(`
    {
      allFile(filter: { sourceInstanceName: { eq: "images" }, name: { glob: "app-*" } }) {
        nodes {
          name
          childImageSharp {
            gatsbyImageData(width: 220, layout: CONSTRAINED, placeholder: NONE, formats: [AUTO, WEBP])
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) reporter.panic(`app screenshots could not be processed: ${JSON.stringify(result.errors)}`);
  const pictures: Partial<Record<Brand, ResponsivePicture>> = {};
  for (const node of result.data?.allFile.nodes ?? []) {
    const data = node.childImageSharp?.gatsbyImageData;
    if (!data) continue;
    pictures[node.name.replace(/^app-/, '') as Brand] = pictureOf(data);
  }
  return pictures;
}

/** The part of gatsby-plugin-image's IGatsbyImageData read above. */
interface ResponsivePictureData {
  width: number;
  height: number;
  images: { sources?: ResponsivePicture['sources']; fallback: ResponsivePicture['fallback'] };
}

/**
 * What every hero is made of: WebP and JPEG at the phone and desktop widths, AVIF at the larger one
 * for the wider screens (HERO_AVIF_WIDTH and HERO_AVIF_MEDIA say why), cropped to 2:1 at the centre, with a tiny blurred placeholder. Two calls
 * of the resolver: AVIF beside a WebP of the same width (the same file as the second call's, made once).
 */
const HERO_CROP = `layout: CONSTRAINED, aspectRatio: ${HERO_ASPECT_RATIO}, sizes: "${HERO_SIZES}", transformOptions: { fit: COVER, cropFocus: CENTER }`;
const HERO_QUALITY = 'avifOptions: { quality: 50 }, webpOptions: { quality: 75 }, jpgOptions: { quality: 75, progressive: true }';
const HERO_IMAGE_DATA = `
  avif: gatsbyImageData(${HERO_CROP}, ${HERO_QUALITY}, width: ${HERO_AVIF_WIDTH}, breakpoints: [${HERO_AVIF_WIDTH}], formats: [AVIF, WEBP], placeholder: NONE)
  picture: gatsbyImageData(
    ${HERO_CROP}, ${HERO_QUALITY}, width: ${Math.max(...HERO_WIDTHS)}, breakpoints: [${HERO_WIDTHS.join(', ')}], formats: [WEBP, JPG]
    placeholder: BLURRED, blurredOptions: { width: 24, toFormat: WEBP }
  )`;

type HeroImageData = ResponsivePictureData & { placeholder?: { fallback?: string } };
type HeroImageNode = { childImageSharp: { avif: HeroImageData; picture: HeroImageData } | null };

/** Every creative a landing shows, processed: the defaults by name ("hero-zenit-sport-bonus"), table files as "file:<path>". */
export async function heroPictures(graphql: GraphQl, reporter: Reporter, files: string[]): Promise<Record<string, ProcessedPicture>> {
  const result = await graphql<{
    defaults: { nodes: (HeroImageNode & { name: string })[] };
    tables: { nodes: (HeroImageNode & { relativePath: string })[] };
  }>(
    `query HeroCreatives($files: [String]) {
      defaults: allFile(filter: { sourceInstanceName: { eq: "__PROGRAMMATIC__" }, name: { glob: "hero-*" } }) {
        nodes { name childImageSharp { ${HERO_IMAGE_DATA} } }
      }
      tables: allFile(filter: { sourceInstanceName: { eq: "${TABLE_CREATIVES_SOURCE}" }, relativePath: { in: $files } }) {
        nodes { relativePath childImageSharp { ${HERO_IMAGE_DATA} } }
      }
    }`,
    { files },
  );
  if (result.errors || !result.data) reporter.panic(`hero creatives could not be processed: ${JSON.stringify(result.errors)}`);
  const pictures: Record<string, ProcessedPicture> = {};
  const add = (key: string, node: HeroImageNode) => {
    if (!node.childImageSharp) return;
    const { avif, picture } = node.childImageSharp;
    const made = pictureOf(picture);
    pictures[key] = {
      ...made,
      sources: [
        ...(avif.images.sources ?? [])
          .filter((source) => source.type === 'image/avif')
          .map((source) => ({ ...source, media: HERO_AVIF_MEDIA })),
        ...made.sources,
      ],
      placeholder: picture.placeholder?.fallback ?? null,
    };
  };
  for (const node of result.data?.defaults.nodes ?? []) add(node.name, node);
  for (const node of result.data?.tables.nodes ?? []) add(`file:${node.relativePath}`, node);
  return pictures;
}

function pictureOf(data: ResponsivePictureData): ResponsivePicture {
  return { width: data.width, height: data.height, sources: data.images.sources ?? [], fallback: data.images.fallback };
}
