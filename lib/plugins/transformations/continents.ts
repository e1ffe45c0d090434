/** The continent of each ISO 3166-1 country, as MaxMind's GeoIP2 assigns them (the DB-IP data has countries only). */
const COUNTRIES_BY_CONTINENT: Record<string, string> = {
  AF: "DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW",
  AN: "AQ BV GS HM TF",
  AS: "AF AM AZ BH BD BT IO BN KH CN GE HK IN ID IR IQ IL JP JO KZ KW KG LA LB MO MY MV MN MM NP KP OM PK PS PH QA SA SG KR LK SY TW TJ TH TL TR TM AE UZ VN YE",
  EU: "AX AL AD AT BY BE BA BG HR CY CZ DK EE FO FI FR DE GI GR GG VA HU IS IE IM IT JE XK LV LI LT LU MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SJ SE CH UA GB",
  NA: "AI AG AW BS BB BZ BM BQ VG CA KY CR CU CW DM DO SV GL GD GP GT HT HN JM MQ MX MS NI PA PR BL KN LC MF PM VC SX TT TC US VI",
  OC: "AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV UM VU WF",
  SA: "AR BO BR CL CO EC FK GF GY PY PE SR UY VE",
};

const CONTINENT_NAMES: Record<string, string> = {
  AF: "Africa",
  AN: "Antarctica",
  AS: "Asia",
  EU: "Europe",
  NA: "North America",
  OC: "Oceania",
  SA: "South America",
};

const CONTINENT_OF = new Map(
  Object.entries(COUNTRIES_BY_CONTINENT).flatMap(([continent, countries]) => countries.split(" ").map((c) => [c, continent] as const)),
);

/** The continent's code and English name for a country code, when it is a known one. */
export function continentOf(countryCode: string): { code: string; name: string } | undefined {
  const code = CONTINENT_OF.get(countryCode);
  return code ? { code, name: CONTINENT_NAMES[code] } : undefined;
}
