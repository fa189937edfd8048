import { areaData } from '../home/index.ts';

/** A province and one of its cities from the area data (/app/utils/area/data/v2), or undefined. */
export function regionOf(provinceCode: string, cityCode: string): { text: string } | undefined {
  const province = areaData.find((node) => node.code === provinceCode);
  const city = province?.children.find((node) => node.code === cityCode);
  if (!province || !city) return undefined;
  return { text: province.name === city.name ? province.name : `${province.name} ${city.name}` };
}
