"""Session notes: per transcript session, the decisions taken, the code changed and the todos
left open, each cited by the evidence rows it comes from."""
