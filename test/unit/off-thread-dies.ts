// A worker script for off-thread.test.ts that dies before answering anything.
process.exit(3);
