/// PushScenario plays scenario files on a virtual clock and checks their expectations.
public enum PushScenarioModule {}
