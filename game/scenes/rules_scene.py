from game.scene import Scene


class RulesScene(Scene):
    name = "rules"

    def __init__(self, ctx, topic=None):
        super().__init__(ctx)
        self.topic = topic

    def show_topic(self, topic):
        self.topic = topic
