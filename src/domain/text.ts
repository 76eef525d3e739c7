/** Fills {name} placeholders of a translated text; an unknown placeholder stays visible so a gap is noticed. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
