-- A payout is money paid to an account: only a positive statement total is paid out. NOT VALID:
-- rows written before (a zero-total statement's payout) stay as records; every new row is checked.
ALTER TABLE "yy_payout" ADD CONSTRAINT "ck_yy_payout_amount" CHECK ("yy_payout"."amount" > 0) NOT VALID;
