// Hand-maintained network lists. Provenance: the autonomous-system numbers as
// registered in the regional internet registries' public WHOIS for the named
// organisations (the same names appear in the shipped @ip-location-db/asn data).
// Review when adding a provider; a network listed here flags every tenant of it.

/** Cloud and hosting networks: a "browser" there is almost always automation. */
export const DATACENTER_ASNS: ReadonlyMap<number, string> = new Map([
  [16509, 'Amazon AWS'], [14618, 'Amazon AWS'], [8987, 'Amazon AWS'],
  [15169, 'Google'], [396982, 'Google Cloud'], [19527, 'Google'],
  [8075, 'Microsoft Azure'], [8068, 'Microsoft'],
  [14061, 'DigitalOcean'], [63949, 'Akamai Linode'], [20473, 'Vultr (Choopa)'],
  [16276, 'OVH'], [24940, 'Hetzner'], [213230, 'Hetzner Cloud'], [51167, 'Contabo'],
  [12876, 'Scaleway'], [31898, 'Oracle Cloud'], [45102, 'Alibaba Cloud'], [37963, 'Alibaba Cloud'],
  [132203, 'Tencent Cloud'], [45090, 'Tencent Cloud'], [36352, 'ColoCrossing'], [53667, 'FranTech (BuyVM)'],
  [40021, 'Contabo US'], [62567, 'DigitalOcean'], [14586, 'Nuclearfallout'], [398324, 'Censys'],
  [135377, 'UCloud'], [55286, 'B2 Net Solutions'], [30633, 'Leaseweb'], [60781, 'Leaseweb'], [28753, 'Leaseweb'],
  [197540, 'netcup'], [47583, 'Hostinger'], [46606, 'Unified Layer'], [26496, 'GoDaddy'],
]);

/** Networks mainly rented by consumer VPN providers (NordVPN, ExpressVPN, Surfshark, PIA, Mullvad, Proton). */
export const VPN_ASNS: ReadonlyMap<number, string> = new Map([
  [9009, 'M247'], [60068, 'Datacamp (CDN77)'], [212238, 'Datacamp'], [39351, 'Mullvad (31173 Services)'],
  [209103, 'Proton'], [62371, 'Proton'], [136787, 'Tefincom (NordVPN)'], [147049, 'Packethub (NordVPN)'],
  [207137, 'PacketHub'], [51852, 'Private Layer'], [204957, 'GreenFloid'], [44477, 'Stark Industries'],
  [206264, 'Amarutu'], [212815, 'Surfshark'], [400304, 'ExpressVPN'], [394256, 'Tech Futures'],
]);

// Hosting networks not in the list above still name themselves this way.
export const DATACENTER_NAME = /\b(hosting|datacenter|data center|colocation|cloud|vps|dedicated server|server farm)\b/i;
