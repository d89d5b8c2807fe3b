// Why a reply ended when it was not a normal stop (refusal, broken connection, size cap...), and the
// service's explanation. Both optional: turns stored before this migration simply have none.
export const SQL = /* sql */ `
ALTER TABLE messages ADD COLUMN end_reason TEXT;
ALTER TABLE messages ADD COLUMN end_detail TEXT;
`;
