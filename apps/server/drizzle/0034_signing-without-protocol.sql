-- A `sign` no signature took (the development route, the demo trades) says so in its reason from now
-- on: an order past signing by its parties' signatures with no snapshot is reported as missing them.
-- Earlier ones are known by having no snapshot at all. An order whose snapshots were all removed
-- before this migration cannot be told from them, and is marked alike (its timeline then shows it).
UPDATE "process_transitions" SET "reason" = '开发与演示：系统直接完成签署，双方未签署电子协议'
WHERE "process" = 'order' AND "action" = 'sign' AND "reason" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "protocol_snapshots" WHERE "protocol_snapshots"."subject_id" = "process_transitions"."subject_id"
  );
