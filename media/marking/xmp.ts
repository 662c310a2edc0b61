// The XMP packet that says "made by a trained model" (IPTC Digital Source
// Type trainedAlgorithmicMedia), the one piece every container embeds.

export const DIGITAL_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
const IPTC_EXT = 'http://iptc.org/std/Iptc4xmpExt/2008-02-29/';

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

export interface MarkingSource {
  /** e.g. "openai gpt-image-1"; written as xmp:CreatorTool. */
  creator?: string;
}

export function xmpPacket(source: MarkingSource = {}): string {
  const creator = source.creator ? `\n    xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n    xmp:CreatorTool="${escapeXml(source.creator)}"` : '';
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">\n` +
    ` <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n` +
    `  <rdf:Description rdf:about=""\n    xmlns:Iptc4xmpExt="${IPTC_EXT}"\n    Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPE}"${creator}/>\n` +
    ` </rdf:RDF>\n` +
    `</x:xmpmeta>\n` +
    `<?xpacket end="w"?>`
  );
}

/** Whether an XMP packet (or any metadata text) already states a digital source type. */
export function hasSourceType(text: string): boolean {
  return /DigitalSourceType|digitalsourcetype\//i.test(text);
}

/**
 * An existing XMP packet with the source type added to its first
 * rdf:Description, everything else kept as it was. Undefined when the packet
 * has no rdf:Description to extend (then it is left alone).
 */
export function addSourceType(packet: string, source: MarkingSource = {}): string | undefined {
  const at = /<rdf:Description\b/.exec(packet);
  if (!at) return undefined;
  const insertAt = at.index + at[0].length;
  const creator = source.creator && !/CreatorTool/.test(packet) ? ` xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="${escapeXml(source.creator)}"` : '';
  const ns = /xmlns:Iptc4xmpExt=/.test(packet.slice(at.index, packet.indexOf('>', insertAt))) ? '' : ` xmlns:Iptc4xmpExt="${IPTC_EXT}"`;
  return `${packet.slice(0, insertAt)}${ns} Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPE}"${creator}${packet.slice(insertAt)}`;
}
