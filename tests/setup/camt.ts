/**
 * camt.054 files shaped like the ones Swiss banks send (SIX Swiss Payment Standards, versions
 * .001.04 and .001.08): group header, one notification per account, entries with batch details,
 * QR references (QRR) and creditor references (SCOR), a debit and an unbooked entry among them.
 */
export type CamtTx = { reference?: string; type?: "QRR" | "SCOR"; amount: string; debtor?: string; unstructured?: string };
export type CamtEntry = { credit?: boolean; status?: "BOOK" | "PDNG"; date?: string; currency?: string; txs: CamtTx[] };

export function camt054(entries: CamtEntry[], options: { version?: "04" | "08"; iban?: string } = {}): string {
  const version = options.version ?? "08";
  const v8 = version === "08";
  const iban = options.iban ?? "CH4431999123000889012";
  const ntries = entries
    .map((e, i) => {
      const total = e.txs.reduce((s, t) => s + Number(t.amount), 0).toFixed(2);
      const ccy = e.currency ?? "CHF";
      const ind = e.credit === false ? "DBIT" : "CRDT";
      const status = v8 ? `<Sts><Cd>${e.status ?? "BOOK"}</Cd></Sts>` : `<Sts>${e.status ?? "BOOK"}</Sts>`;
      const txs = e.txs
        .map((t, j) => {
          const debtor = t.debtor ? (v8 ? `<RltdPties><Dbtr><Pty><Nm>${t.debtor}</Nm></Pty></Dbtr></RltdPties>` : `<RltdPties><Dbtr><Nm>${t.debtor}</Nm></Dbtr></RltdPties>`) : "";
          const tp = t.type === "SCOR" ? "<Cd>SCOR</Cd>" : "<Prtry>QRR</Prtry>";
          const rmt = t.reference
            ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry>${tp}</CdOrPrtry></Tp><Ref>${t.reference}</Ref></CdtrRefInf></Strd></RmtInf>`
            : t.unstructured
              ? `<RmtInf><Ustrd>${t.unstructured}</Ustrd></RmtInf>`
              : "";
          return `
          <TxDtls>
            <Refs><AcctSvcrRef>2026112900${i}${j}ZKB</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="${ccy}">${t.amount}</Amt>
            <CdtDbtInd>${ind}</CdtDbtInd>
            <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
            ${debtor}
            ${rmt}
            <RltdDts><AccptncDtTm>${e.date ?? "2026-11-27"}T20:00:00</AccptncDtTm></RltdDts>
          </TxDtls>`;
        })
        .join("");
      return `
      <Ntry>
        <NtryRef>${i + 1}</NtryRef>
        <Amt Ccy="${ccy}">${total}</Amt>
        <CdtDbtInd>${ind}</CdtDbtInd>
        <RvslInd>false</RvslInd>
        ${status}
        <BookgDt><Dt>${e.date ?? "2026-11-27"}</Dt></BookgDt>
        <ValDt><Dt>${e.date ?? "2026-11-27"}</Dt></ValDt>
        <AcctSvcrRef>ENTRY-${i + 1}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <Btch><NbOfTxs>${e.txs.length}</NbOfTxs><TtlAmt Ccy="${ccy}">${total}</TtlAmt><CdtDbtInd>${ind}</CdtDbtInd></Btch>${txs}
        </NtryDtls>
      </Ntry>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.${version === "08" ? "08" : "04"}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr>
      <MsgId>20261127375204O000000001</MsgId>
      <CreDtTm>2026-11-27T22:15:03</CreDtTm>
      <MsgPgntn><PgNb>1</PgNb><LastPgInd>true</LastPgInd></MsgPgntn>
    </GrpHdr>
    <Ntfctn>
      <Id>20261127375204N000000001</Id>
      <CreDtTm>2026-11-27T22:15:03</CreDtTm>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>CHF</Ccy><Ownr><Nm>Fun World AG</Nm></Ownr></Acct>${ntries}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}
